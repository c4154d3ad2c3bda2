"""The daemon and its runners: intake, processing, deadlines and the sender."""
