-- Tournament.status was never read: the rounds say where a tournament stands.
ALTER TABLE tournaments DROP COLUMN status;
