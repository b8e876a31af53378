import type { Sql } from 'postgres';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import type { ListingImage } from '@rentals/core/listings/listing';
import { processPhoto } from '@rentals/api/media/photoPipeline';
import { photoEvasions, scenePhoto } from '@rentals/api/media/samplePhotos';
import { pairIsFound } from '@rentals/projections/queries/duplicateQueries';
import { createRandom } from '../../seed/random.ts';
import { generatedListing } from '../support/listingGenerator.ts';
import { sampleListingNumbers, type SignalResult } from './corpus.ts';

/**
 * Recycled photos and duplicate listings. Photos: generated scenes (the
 * repository has no real photos; api/src/media/samplePhotos.ts), each source
 * on one account's listing and a copy — resized, recompressed, cropped 10 %
 * or mirrored, in turn — on another's; honest listings each carry a scene of
 * their own. Duplicates: copies of seeded listings at the same address by
 * another account with one to three words of the description changed; the
 * honest ones are the whole seed (its template text is alike by design).
 */
const SALT = 41_002;
const EVASIONS = ['resized', 'recompressed', 'cropped', 'mirrored'] as const;
const SCENE = { width: 1200, height: 900 };

const image = async (id: string, bytes: Buffer): Promise<ListingImage> => {
  const { width, height, placeholder, phash } = await processPhoto({ name: `${id}.jpg`, bytes });
  const url = `/media/bench/${id}-1280.webp`;
  return {
    id,
    url,
    variants: [{ width, height, url }],
    width,
    height,
    placeholder,
    caption: '',
    phash,
  };
};

type Plant = {
  listingId: string;
  ownerId: string;
  n: number;
  images: ListingImage[];
  edit?: (d: string) => string;
};

const append = async (store: EventStore, sql: Sql, plant: Plant, at: string) => {
  const [exists] =
    await sql`SELECT 1 FROM streams WHERE stream_id = ${listingStreamId(plant.listingId)}`;
  if (exists) return;
  const source = generatedListing(plant.n, plant.ownerId, at).data;
  await store.append(
    listingStreamId(plant.listingId),
    LISTING_STREAM_TYPE,
    0,
    [
      {
        type: 'ListingCreated',
        data: {
          ...source,
          listingId: plant.listingId,
          description: plant.edit ? plant.edit(source.description) : source.description,
          images: plant.images,
          isVerified: false,
        },
      },
    ],
    { userId: plant.ownerId },
  );
};

const exists = async (sql: Sql, listingId: string) =>
  (await sql`SELECT 1 FROM streams WHERE stream_id = ${listingStreamId(listingId)}`).length > 0;

export type PhotoCorpus = { pairs: [string, string][]; honest: string[] };

/** Plants `plants` recycled-photo pairs and `honest` listings with photos of their own. */
export const plantRecycledPhotos = async (
  store: EventStore,
  sql: Sql,
  seedSize: number,
  counts: { plants: number; honest: number },
  plantAt: (i: number) => string,
): Promise<PhotoCorpus> => {
  const sources = sampleListingNumbers(seedSize, counts.plants * 2 + counts.honest, SALT);
  const pairs: [string, string][] = [];
  for (let i = 0; i < counts.plants; i++) {
    const [a, b] = [`trust-photo-a-${i}`, `trust-photo-b-${i}`];
    pairs.push([a, b]);
    if ((await exists(sql, a)) && (await exists(sql, b))) continue;
    const scene = await scenePhoto(100_000 + i, SCENE.width, SCENE.height);
    const copy = (await photoEvasions(scene))[EVASIONS[i % EVASIONS.length]!];
    const at = plantAt(i);
    await append(
      store,
      sql,
      {
        listingId: a,
        ownerId: `${a}-owner`,
        n: sources[2 * i]!,
        images: [await image(`${a}-1`, scene)],
      },
      at,
    );
    await append(
      store,
      sql,
      {
        listingId: b,
        ownerId: `${b}-owner`,
        n: sources[2 * i + 1]!,
        images: [await image(`${b}-1`, copy)],
      },
      at,
    );
  }
  const honest: string[] = [];
  for (let j = 0; j < counts.honest; j++) {
    const id = `trust-photo-honest-${j}`;
    honest.push(id);
    if (await exists(sql, id)) continue;
    const scene = await scenePhoto(200_000 + j, SCENE.width, SCENE.height);
    const n = sources[2 * counts.plants + j]!;
    await append(
      store,
      sql,
      { listingId: id, ownerId: `${id}-owner`, n, images: [await image(`${id}-1`, scene)] },
      plantAt(counts.plants + j),
    );
  }
  return { pairs, honest };
};

/** Changes `edits` words of a text, as someone reposting an ad does. */
const editWords = (seed: number, edits: number) => (text: string) => {
  const random = createRandom(seed);
  const words = text.split(' ');
  for (let k = 0; k < edits; k++)
    words[random.int(0, words.length - 1)] = random.pick([
      'spacious',
      'bright',
      'new',
      'airy',
      'peaceful',
    ]);
  return words.join(' ');
};

/** Plants `plants` copies of seeded listings by another account: same address and title, a few words changed. */
export const plantDuplicateListings = async (
  store: EventStore,
  sql: Sql,
  seedSize: number,
  plants: number,
  plantAt: (i: number) => string,
): Promise<[string, string][]> => {
  const random = createRandom(SALT + 1);
  const sources = sampleListingNumbers(seedSize, plants, SALT + 1);
  const pairs: [string, string][] = [];
  for (const [i, n] of sources.entries()) {
    const copy = `trust-dup-${i}`;
    pairs.push([`bench-${String(n).padStart(7, '0')}`, copy]);
    await append(
      store,
      sql,
      {
        listingId: copy,
        ownerId: `${copy}-owner`,
        n,
        images: [],
        edit: editWords(SALT + i, random.int(1, 3)),
      },
      plantAt(i),
    );
  }
  return pairs;
};

const recall = async (sql: Sql, pairs: [string, string][]) => {
  let caught = 0;
  for (const [a, b] of pairs) if (await pairIsFound(sql, a, b)) caught++;
  return caught;
};

export const measureRecycledPhotos = async (
  sql: Sql,
  corpus: PhotoCorpus,
): Promise<SignalResult> => {
  const caught = await recall(sql, corpus.pairs);
  const [row] = await sql<{ n: number }[]>`
    SELECT count(DISTINCT id)::int AS n FROM (
      SELECT listing_a AS id FROM duplicate_photo_matches UNION ALL SELECT listing_b FROM duplicate_photo_matches) m
    WHERE id = ANY(${corpus.honest})`;
  return {
    signal: 'recycled photos',
    planted: corpus.pairs.length,
    caught,
    honest: corpus.honest.length,
    falseAlarms: row!.n,
    recallBar: 0.9,
    falseAlarmBar: 0.02,
    notes: [
      `copies resized to 40 %, recompressed at JPEG quality 30, cropped 10 % (5 % a side) or mirrored, a quarter each; generated scenes, ${SCENE.width}×${SCENE.height}`,
    ],
  };
};

export const measureDuplicateListings = async (
  sql: Sql,
  pairs: [string, string][],
): Promise<SignalResult> => {
  const caught = await recall(sql, pairs);
  const [row] = await sql<{ flagged: number; seed: number }[]>`
    SELECT (SELECT count(DISTINCT id)::int FROM (
              SELECT listing_a AS id FROM duplicate_text_matches WHERE listing_b LIKE 'bench-%'
              UNION ALL SELECT listing_b FROM duplicate_text_matches WHERE listing_a LIKE 'bench-%') m
            WHERE id LIKE 'bench-%') AS flagged,
           (SELECT count(*)::int FROM duplicate_listings WHERE listing_id LIKE 'bench-%') AS seed`;
  return {
    signal: 'duplicate listings',
    planted: pairs.length,
    caught,
    honest: row!.seed,
    falseAlarms: row!.flagged,
    recallBar: 0.9,
    falseAlarmBar: 0.02,
    notes: [
      'copies of seeded listings at the same address by another account, one to three words of the description changed',
      'false alarms: seeded listings paired with another seeded listing (the seed has no duplicates by construction)',
    ],
  };
};
