"""Benchmarks: a generated 1,024-worker PyTorchJob, and the runner that measures jobdoctor
against its performance targets. See bench/README.md."""
