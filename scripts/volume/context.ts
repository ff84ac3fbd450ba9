// What every filler of the volume seeder is given.
import type { Writer } from "./insert-batches.ts";
import type { Pictures } from "./media.ts";
import type { Random } from "./random.ts";
import type { Timeline } from "./timeline.ts";

export interface VolumeContext {
  writer: Writer;
  /** The filler's own stream (forked by its name from the run's seed). */
  random: Random;
  timeline: Timeline;
  /** The first administrator: the author of the back office's changes. */
  adminId: number;
  pictures: Pictures;
}

/** A row that other rows speak of (the activity log): its id, its name and when it came. */
export interface Made {
  id: number;
  name: string;
  at: number;
}
