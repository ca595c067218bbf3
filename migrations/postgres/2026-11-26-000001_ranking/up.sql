-- What orders the standings: the total (FFT, the default) or the average
-- per deal played (fair across tables of 4 and 5 and unequal deal counts).
ALTER TABLE tournaments ADD COLUMN ranking TEXT NOT NULL DEFAULT 'total';
