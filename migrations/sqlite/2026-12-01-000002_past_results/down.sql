DROP TABLE past_results;
