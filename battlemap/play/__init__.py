"""Playing a fight, below the window: the model the window and the command line share."""
