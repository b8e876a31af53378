/** Shapes of the API's documents (SPEC §3, DESIGN §6), as the site reads them. */
export type Role = 'homeowner' | 'broker' | 'tenant';

export type User = { _id: string; name: string; email: string; phone: string; role: Role };

export type PropertyType = 'PG' | 'house' | 'flat';
export type RentType = 'monthly' | 'yearly';

export const FACILITIES = [
  'wifi',
  'parking',
  'ac',
  'kitchen',
  'laundry',
  'security',
  'gym',
  'pool',
  'garden',
  'balcony',
  'furnished',
  'petFriendly',
] as const;
export type Facility = (typeof FACILITIES)[number];
export type Facilities = Partial<Record<Facility, boolean>>;

/** The media pipeline may add resized variants and a tiny inline placeholder. */
export type PropertyImage = {
  _id?: string;
  id?: string;
  url: string;
  caption?: string;
  placeholder?: string;
  variants?: { width: number; url: string }[];
};

export type Coordinates = { latitude: number; longitude: number };

export type PropertyLocation = {
  city: string;
  area: string;
  pinCode: string;
  address: string;
  coordinates?: Coordinates | null;
};

export type PropertyDetails = {
  bedrooms: number;
  bathrooms: number;
  area: number;
  floor: number;
  totalFloors: number;
};

export type Owner = { name: string; role: Role; email?: string; phone?: string };

export type Property = {
  _id: string;
  title: string;
  description: string;
  propertyType: PropertyType;
  rent: number;
  rentType: RentType;
  location: PropertyLocation;
  facilities: Facilities;
  propertyDetails: PropertyDetails;
  contactInfo: { showPhone: boolean; showEmail: boolean };
  showOnMap: boolean;
  images: PropertyImage[];
  owner: Owner;
  ownerId?: string;
  isAvailable: boolean;
  isVerified: boolean;
  views: number;
  createdAt: string;
};

/** The visitor's shape: no rent, no contact, no facilities, only the city. */
export type PublicProperty = {
  _id: string;
  title: string;
  description?: string;
  propertyType: PropertyType;
  location: { city: string; coordinates?: Coordinates | null };
  propertyDetails?: Partial<PropertyDetails>;
  images: PropertyImage[];
  owner: { name: string; role: Role };
  views: number;
  showOnMap?: boolean;
  createdAt?: string;
};

export type Pagination = {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
};
