# Pourquoi une action d'une donne jouée sur les appareils est refusée : un
# message par variante de PlayError (src/tarot/play_error.rs), id
# `play-<code>`, variables = les clés de `args()`.

play-no-such-seat = La place { $seat } n'existe pas à cette table : les places vont de 0 à { $last }.
play-deal-over = La donne est terminée : plus aucune action n'est possible.
play-not-your-turn = Ce n'est pas au tour de la place { $seat } : c'est à la place { $to_act } de jouer.
play-wrong-phase = Action impossible maintenant ({ $action }) : la donne en est à l'étape « { $phase } ».
play-bid-too-low = Une enchère doit être plus forte que la précédente : { $bid } n'est pas au-dessus de { $highest }.
play-call-king = Le preneur appelle un roi, pas { $card }.
play-call-queen = Avec les quatre rois en main, le preneur appelle une dame, pas { $card }.
play-call-knight = Avec les quatre rois et les quatre dames en main, le preneur appelle un cavalier, pas { $card }.
play-discard-count = L'écart compte autant de cartes que le chien : { $needed }, pas { $count }.
play-discard-not-in-hand = { $card } n'est pas dans votre main.
play-discard-king = Un roi ne peut pas aller à l'écart ({ $card }).
play-discard-oudler = Un bout ne peut pas aller à l'écart ({ $card }).
play-discard-trump = Un atout ne va à l'écart que si aucune autre carte ne peut y aller ({ $card }).
play-handful-late = Une poignée se montre une seule fois, avant de jouer sa première carte.
play-handful-size = Une poignée montre { $simple }, { $double } ou { $triple } atouts à cette table, pas { $count }.
play-handful-not-trump = Une poignée ne montre que des atouts, pas { $card }.
play-handful-not-in-hand = { $card } n'est pas dans votre main.
play-handful-excuse = L'excuse ne remplace un atout dans une poignée que si l'on n'a pas d'autre atout.
play-card-not-in-hand = { $card } n'est pas dans votre main.
play-must-follow = Il faut fournir à la couleur demandée ({ $led }) : { $card } n'est pas de cette couleur.
play-must-trump = Sans la couleur demandée, il faut couper : { $card } n'est pas un atout.
play-must-overtrump = Il faut monter au-dessus de { $highest } quand on le peut : { $card } est plus faible.
play-called-suit-first-trick = Au premier pli, la couleur appelée ne peut pas être jouée en entame, sauf la carte appelée elle-même ({ $card }).
