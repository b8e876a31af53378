/** What a listings map needs of a property; both the full and the visitor shape satisfy it. */
export type MapProperty = {
  _id: string;
  title: string;
  propertyType: 'PG' | 'house' | 'flat';
  rent?: number;
  rentType?: 'monthly' | 'yearly';
  location: {
    city: string;
    area?: string;
    coordinates?: { latitude: number; longitude: number } | null;
  };
  images: { url: string }[];
  showOnMap?: boolean;
  /** Who lists it: the popup says Owner or Broker. */
  owner?: { role: string };
};

export type LatLng = { latitude: number; longitude: number };

/** Where a map looks: its centre and zoom. */
export type MapView = { center: LatLng; zoom: number };
