# Sauvegarde d'un tournoi (chelem export / import).
backup-download = Télécharger la sauvegarde du tournoi (JSON)
backup-download-hint = Tout le tournoi en un fichier : réglages, joueurs, rondes, donnes et journal. « chelem import » le relit.
