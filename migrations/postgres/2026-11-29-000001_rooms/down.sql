DELETE FROM seating_constraints WHERE kind = 'room';
ALTER TABLE tournaments DROP COLUMN room_numbering;
DROP TABLE rooms;
