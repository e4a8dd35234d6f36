"""The same pure partition functions on a cluster: Dask or Spark, chosen by ``Engine``.

``engines`` names the engine and says what to install; ``dask_map`` and
``spark_map`` run a function over partitions on a cluster with what every
partition shares sent once to each worker; ``datasets`` reads and writes
partitioned inputs and outputs (a Parquet dataset, CSV or JSON Lines parts).
Dask and pyspark are imported only when an engine that needs them runs: the
core never needs them.
"""
