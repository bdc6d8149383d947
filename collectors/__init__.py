"""Reading a workload from a snapshot or a cluster into Evidence."""
