"""Plans a JSON Lines file of requests on a Spark cluster.

Every partition of the input is piped through `itinerary batch`, one process
per partition on whichever executor holds it, and the answer lines are
written out as text: one answer a line, in the order of the input within each
partition (sort by "line" for the global order).

    spark-submit --files /path/to/itinerary plan_batch.py IN.jsonl OUT_DIR \
        [--partitions N] [--jobs N]
"""

import argparse
import os
import shlex

from pyspark import SparkFiles
from pyspark.sql import SparkSession


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="JSON Lines, one request a line")
    parser.add_argument("output", help="a directory for the answer files")
    parser.add_argument("--partitions", type=int, default=None,
                        help="how many pieces to cut the input into")
    parser.add_argument("--jobs", type=int, default=1,
                        help="workers per itinerary process (default 1: one a core via Spark)")
    parser.add_argument("--binary", default=None,
                        help="path of itinerary on the executors (default: the one shipped with --files)")
    options = parser.parse_args()

    spark = SparkSession.builder.appName("itinerary batch").getOrCreate()
    context = spark.sparkContext
    lines = context.textFile(options.input, minPartitions=options.partitions or context.defaultParallelism)
    binary = options.binary or SparkFiles.get("itinerary")
    command = [binary, "batch", "--jobs", str(options.jobs)]
    # One `itinerary batch` a partition: requests in on stdin, answers out on stdout.
    answers = lines.pipe(shlex.join(command), env={"ITINERARY_CACHE_DIR": os.environ.get("ITINERARY_CACHE_DIR", "/tmp/itinerary-cache")})
    answers.saveAsTextFile(options.output)
    spark.stop()


if __name__ == "__main__":
    main()
