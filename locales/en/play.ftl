# Why an action of a digital deal is refused: one message per PlayError
# variant (src/tarot/play_error.rs), id `play-<code>`, variables = the keys of
# `args()`. These English sentences are exactly the variants' Display text.

play-no-such-seat = seat { $seat } is not at the table: seats go from 0 to { $last }
play-deal-over = the deal is over: no more actions
play-not-your-turn = it is not seat { $seat }'s turn: seat { $to_act } is to act
play-wrong-phase = a { $action } is not possible now: the deal is in the { $phase } phase
play-bid-too-low = a bid must be higher than the last one: { $bid } is not higher than { $highest }
play-call-king = the taker calls a king, not { $card }
play-call-queen = holding the four kings, the taker calls a queen, not { $card }
play-call-knight = holding the four kings and the four queens, the taker calls a knight, not { $card }
play-discard-count = the écart has as many cards as the dog: { $needed }, not { $count }
play-discard-not-in-hand = { $card } is not in your hand
play-discard-king = a king can't go in the écart ({ $card })
play-discard-oudler = an oudler can't go in the écart ({ $card })
play-discard-trump = a trump can go in the écart only when no other card can ({ $card })
play-handful-late = a handful is shown once, before your first card
play-handful-size = a handful shows { $simple }, { $double } or { $triple } trumps at this table, not { $count }
play-handful-not-trump = a handful shows trumps only, not { $card }
play-handful-not-in-hand = { $card } is not in your hand
play-handful-excuse = the excuse stands for a trump in a handful only when you have no other trump
play-card-not-in-hand = { $card } is not in your hand
play-must-follow = you must follow the suit led ({ $led }): { $card } is not of that suit
play-must-trump = without the suit led you must trump: { $card } is not a trump
play-must-overtrump = you must play a trump higher than { $highest } when you can: { $card } is lower
play-called-suit-first-trick = on the first trick the called suit can't be led, except the called card itself ({ $card })
