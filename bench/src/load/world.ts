/** What every actor of one run shares, and the pacing helpers they use. */
import type { Recorder } from './recorder';

export interface HotProduct {
  id: string;
  sku: string;
  name: string;
}

export interface World {
  baseUrl: string;
  recorder: Recorder;
  /** When the load ends (ms since the epoch); actors start nothing new after it. */
  deadline: number;
  /** Aborted at the deadline: ends the shoppers' event streams. */
  stop: AbortSignal;
  hot: HotProduct[];
  /** Every product id at the start (for staff picks). */
  productIds: string[];
  /** The SPA's files to fetch as a browser does (`/`, `/favicon.svg`, an asset); empty without a build. */
  staticPaths: string[];
  /** Marks this run's rows (stock reasons, order notes, emails). */
  nonce: string;
  /** Shoppers' user ids, filled as they sign in: staff only touch this run's orders. */
  shopperIds: Set<string>;
}

export const timeLeft = (world: World) => world.deadline - Date.now();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export const between = (min: number, max: number) => min + Math.random() * (max - min);

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A pause between a person's clicks, cut short at the deadline; false once the run is over. */
export async function think(world: World, min: number, max: number): Promise<boolean> {
  await sleep(Math.min(between(min, max), timeLeft(world)));
  return timeLeft(world) > 0;
}
