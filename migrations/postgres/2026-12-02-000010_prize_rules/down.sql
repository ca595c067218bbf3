DROP TABLE prize_rules;
