import type { Locator } from 'playwright-core';

/** Where a position is on the page, from the camera a map reports (data-center, data-zoom; Web Mercator, 512 px tiles). */
export const screenPoint = async (map: Locator, lng: number, lat: number) => {
  const box = (await map.boundingBox())!;
  const [centreLat, centreLng] = (await map.getAttribute('data-center'))!.split(',').map(Number);
  const world = 512 * 2 ** Number(await map.getAttribute('data-zoom'));
  const x = (degrees: number) => ((degrees + 180) / 360) * world;
  const y = (degrees: number) =>
    ((1 - Math.log(Math.tan(Math.PI / 4 + (degrees * Math.PI) / 360)) / Math.PI) / 2) * world;
  return {
    x: box.x + box.width / 2 + x(lng) - x(centreLng!),
    y: box.y + box.height / 2 + y(lat) - y(centreLat!),
  };
};

/** Whether a position is inside the map's frame as the map now shows it. */
export const inView = async (map: Locator, at: { latitude: number; longitude: number }) => {
  const box = (await map.boundingBox())!;
  const { x, y } = await screenPoint(map, at.longitude, at.latitude);
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
};
