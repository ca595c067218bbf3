# Sauvegarde d'un tournoi (chelem export / import).
backup-download = Télécharger la sauvegarde du tournoi (JSON)
backup-download-hint = Tout le tournoi en un fichier : réglages, joueurs, rondes, donnes et journal. « chelem import » le relit.

# Pourquoi `chelem import` refuse un document (après le lieu : « round 2, table 3, deal 4: … »).
import-apart-self = le joueur { $player } ne peut pas être séparé de lui-même
import-unknown-bot = { $name } est marqué comme robot, et aucun robot de ce nom ne complète les tables ici (Robot 1 à Robot 3)
import-bot-registered = un robot complète les tables, il n’est jamais inscrit
import-round-number = les rondes sont numérotées à partir de 1, sans trou : ronde { $expected } attendue ici, { $found } trouvée
import-room-number = une salle porte un numéro de 1 ou plus, chacune le sien : { $number } ne convient pas
import-round-unplanned = le tournoi ne prévoit que { $planned } ronde(s)
import-round-open = seule la dernière ronde peut être encore ouverte
import-licence-twice = la licence { $licence } est aussi celle du joueur ref { $other }
import-registered-twice = le joueur est inscrit deux fois
import-table-number = les tables sont numérotées à partir de 1, sans trou : table { $expected } attendue ici, { $found } trouvée
import-table-size = une table compte 3 à 5 joueurs, pas { $count }
import-not-registered = le joueur ref { $player } est placé mais n'est pas inscrit au tournoi
import-seated-twice = le joueur ref { $player } est placé deux fois dans cette ronde
import-token = le lien d'une table ou d'une place compte 1 à { $max } lettres et chiffres
import-deal-twice = cette donne figure deux fois à sa table
import-scores-differ = les scores enregistrés ({ $stored }) ne sont pas ceux que donnent les règles pour cette donne ({ $computed })
import-deal-facts = « passed », « taker » et « attack_won » de la donne ne correspondent pas à sa fiche
import-confirmed-by = le joueur ref { $player } ne peut pas avoir confirmé cette donne : c'est un défenseur de la donne qui la confirme
import-game-seats = la partie a { $count } place(s) pour une table de { $expected }
import-game-seat = les places sont numérotées de 0 à { $max }, chacune une fois
import-game-seat-player = le joueur ref { $player } n'est pas assis à cette place de la table
import-game-deal-seats = les places de la donne (son donneur, sa correspondance des places) ne sont pas celles de la table
import-game-action-seat = une action est faite par la place { $seat }, que la donne n'a pas
text-too-long = { $field } est trop long : { $count } caractères ({ $max } au plus)
field-deal_count = le nombre de donnes de la table
field-first_round = la première ronde
field-withdrawn_after = la ronde du retrait
field-table_number = le numéro de table
field-version = la version de la donne
import-token-twice = ce lien est aussi celui d'une autre table ou place du document
import-audit-action = l'action « { $action } » est inconnue de cette version de Chelem
import-room-numbering = numérotation des tables inconnue « { $value } » : run-on ou restart attendu
import-round-seconds = « { $value } » n'est pas une durée de partie en secondes (1 à 86400)
