# A tournament's backup (chelem export / import).
backup-download = Download the tournament's backup (JSON)
backup-download-hint = The whole tournament in one file: settings, players, rounds, deals and log. "chelem import" reads it back.
