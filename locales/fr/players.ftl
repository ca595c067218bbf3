# Ce que l'organisateur tape pour inscrire un joueur (formulaire, fichier CSV, API).
player-name-missing = Le nom du joueur est obligatoire.
player-name-too-long = Le nom est trop long : { $count } caractères ({ $max } au plus).
player-licence-digits = Licence « { $value } » : un numéro de licence FFT ne contient que des chiffres ({ $max } au plus).
player-control-char = { $field } contient un caractère invisible (caractère de contrôle, position { $position }) : retapez-le sans copier-coller.
field-player-name = Le nom
field-player-club = Le club
field-player-licence = Le numéro de licence
csv-too-many-columns = { $count } colonnes au lieu de { $expected } : une virgule ou un point-virgule de trop dans le nom ou le club ? Mettez ce champ entre guillemets.
csv-licence-twice = La licence { $licence } figure déjà ligne { $line } du fichier.
player-json-not-object = Le corps de la requête doit être un objet JSON : {"{"} "name": "…", "club": "…" {"}"}.
player-json-not-text = Le champ « { $key } » doit être un texte entre guillemets, pas { $value }.
player-json-not-bool = Le champ « { $key } » doit valoir true ou false, pas { $value }.
text-direction-char = { $field } contient un caractère invisible qui change le sens d'écriture (position { $position }) : retapez-le sans copier-coller.
text-invisible = { $field } n'est fait que de caractères invisibles (espaces sans largeur, liants…) : tapez un nom lisible.
field-tournament-name = Le nom du tournoi
field-game-name = Le nom d'une place
