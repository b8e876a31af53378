import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { samplePhoto } from '@rentals/api/media/samplePhotos';
import { benchPlaces } from '../benchPlaces.ts';
import type { Inputs } from '../mix/scenario.ts';

/** Where the k6 scripts `open()` their inputs (k6/script.ts); generated, not committed. */
export const DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/** The places and the photo every scenario reads. */
export const loadInputs = async (): Promise<Inputs> => ({
  places: benchPlaces(),
  photo: new Uint8Array(await samplePhoto({ width: 1200, height: 900, label: 'load' })),
});

/** Writes the inputs where the k6 scripts read them: data/places.json and data/photo.jpg. */
export const writeInputs = async (inputs: Inputs) => {
  await mkdir(DATA_DIR, { recursive: true });
  await writeFile(`${DATA_DIR}places.json`, JSON.stringify(inputs.places));
  await writeFile(`${DATA_DIR}photo.jpg`, inputs.photo);
};
