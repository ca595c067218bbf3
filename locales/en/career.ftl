# A player's page across tournaments (/players/{id}).
career-rating-line = Rating: { $rating }
career-rating-deals = { $count ->
    [one] over 1 deal
   *[other] over { $count } deals
}
career-rating-none = No rating yet: it comes with the first deals played.
career-rating-explain = The rating measures strength in points per deal against an average table: 1500 is the mean of every rated player, and 1540 makes 40 points a deal more at the same table, each deal counted up to a garde's worth (50 points) so that one big deal does not decide it. It takes the opponents' strength and the number of deals played into account, not only the points scored.
career-chart-title = { $name }'s rating, tournament after tournament
career-chart-desc = The rating after each tournament played, in order; the dashed line marks the mean, 1500.
career-chart-x = Tournaments played
career-chart-y = Rating
career-dot = { $when }: { $rating }
career-seasons = Seasons
career-season = Season
career-tournaments = Tournaments
career-none = No tournament yet.
career-date = Date
career-tournament = Tournament
career-place = Place
career-total = Total

career-average = Average
career-rating-after = Rating
career-link = All their tournaments, rating and seasons
career-deals-n = { $count ->
    [one] 1 deal
   *[other] { $count } deals
}
