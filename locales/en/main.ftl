nav-home = Home
nav-login = Log in
nav-logout = Log out
nav-tournaments = Tournaments
# The names of the menus (a screen reader lists them by name).
nav-main-label = Main menu
nav-tournament-label = Tournament management
nav-results-label = Tournament results
switch-language = Français
footer = Chelem — French Tarot tournaments, FFT rules
home-title = Tarot tournaments, without paper or calculator
home-lead = Register the players, start the rounds: Chelem seats everyone at tables of 4 or 5 without meeting the same opponents again, scores every deal by the FFT rules and shows live standings on every phone.
home-organizer-cta = My tournaments
home-login-cta = Organizer login
home-seating-title = Seating
home-seating-text = Tables of 4, tables of 5 for the remainder, no repeat meetings whenever possible.
home-scoring-title = FFT scoring
home-scoring-text = Garde, garde sans, garde contre, handfuls, petit au bout, chelem: every score is explained.
home-standings-title = Standings
home-standings-text = Live, readable on a phone, and always summing to zero.
login-title = Organizer login
login-username = User name
login-password = Password
login-submit = Log in
login-failed = Wrong user name or password.
login-throttled = Too many failed attempts for this account. Try again in { $seconds } s.
login-busy = The server is busy checking other logins. Try again in { $seconds } s.
error-title-404 = Page not found
error-title-403 = Action refused
error-title-503 = Service unavailable for a moment
error-title-500 = Server error
error-title-other = Request refused
error-not-found = This page does not exist (any more). Check the address.
error-login-required = Log in as an organizer to see this page.
error-csrf = This form has expired or did not come from this site. Reload the page and try again.
error-unavailable = The database does not answer. Try again in a moment.
error-read-only = The database is read-only: nothing can be saved for now. Tell the organizer.
error-busy = Too many live connections are open. Try again in a moment.
error-internal = Something unexpected went wrong; it has been logged. Please try again.
error-back-home = Back to the home page
error-back-seat = Back to my seat
error-back-tournament = Back to the tournament
error-back-standings = See the standings
home-standings-list = Tournament standings
error-bad-form = This form could not be read. Reload the page and try again.
error-too-large = This request is too large ({ $mb } MB at most).
error-too-slow = This request took too long to arrive. Send it again.
# A date written out: "28 November 2026".
date-long = { $day } { $month ->
    [1] January
    [2] February
    [3] March
    [4] April
    [5] May
    [6] June
    [7] July
    [8] August
    [9] September
    [10] October
    [11] November
   *[12] December
  } { $year }
# The server's console (`chelem serve`), in the server's default language.
console-serving = Chelem is serving on { $url } (database: { $backend })
console-network = On the network: { $address }
console-public = Table links and QR codes: { $url }
console-local-only = Only this computer can reach the server: the tables' phones need --bind 0.0.0.0:{ $port } (or --public-url)
console-setup = First account: { $url }
console-setup-network = First account, on the network: { $url }
console-setup-note = (no organizer account yet: open this link to make the first one; it works once)
