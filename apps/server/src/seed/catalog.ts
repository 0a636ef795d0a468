/**
 * Places the demo stations sit in: real Indian cities and highway towns with their real centre
 * coordinates, state, RTO codes, PIN ranges and a base fuel price (₹, roughly the 2024–25 retail
 * level, which differs by state through VAT). Everything else about a station is generated.
 */

export type Region = 'north' | 'west' | 'south' | 'east' | 'central';

export type Place = {
  key: string;
  name: string;
  state: string;
  /** Registration state code (DL, MH, TS…). */
  stateCode: string;
  /** RTO numbers that register vehicles here. */
  rtos: readonly number[];
  lat: number;
  lng: number;
  pin: readonly [number, number];
  region: Region;
  /** Base retail prices in rupees: petrol and diesel per litre, CNG per kg. */
  petrol: number;
  diesel: number;
  cng: number;
  /** True where a city gas network makes CNG common. */
  cngCity: boolean;
  /** Set for highway sites: the national highway they stand on. */
  highway?: string;
  localities: readonly string[];
};

/**
 * key | name | state | registration code | RTO numbers | lat | lng | PIN range | region |
 * petrol ₹/l | diesel ₹/l | CNG ₹/kg | city gas network | highway | localities
 */
const PLACE_TABLE = `
delhi|New Delhi|Delhi|DL|1,2,3,4,5,6,7,8,9,10,11,12,13|28.6139|77.209|110001-110096|north|94.77|87.67|76.09|cng|-|Karol Bagh;Lajpat Nagar;Dwarka Sector 10;Rohini Sector 7;Mayur Vihar;Janakpuri;Saket;Pitampura
gurugram|Gurugram|Haryana|HR|26,55,72|28.4595|77.0266|122001-122018|north|95.19|88.05|82.12|cng|-|Sohna Road;Golf Course Road;Sector 29;Udyog Vihar;MG Road;Sector 56
noida|Noida|Uttar Pradesh|UP|16|28.5355|77.391|201301-201310|north|94.87|88.01|81.2|cng|-|Sector 18;Sector 62;Sector 135 Expressway;Sector 50
jaipur|Jaipur|Rajasthan|RJ|14,45,60|26.9124|75.7873|302001-302039|north|104.72|90.21|88.9|-|-|Malviya Nagar;Vaishali Nagar;Tonk Road;Sitapura;Ajmer Road
lucknow|Lucknow|Uttar Pradesh|UP|32|26.8467|80.9462|226001-226030|north|94.65|87.76|92.5|-|-|Gomti Nagar;Hazratganj;Alambagh;Aliganj;Kanpur Road
chandigarh|Chandigarh|Chandigarh|CH|1,4|30.7333|76.7794|160001-160036|north|94.3|87.2|88.0|-|-|Sector 17;Industrial Area Phase I;Sector 43;Madhya Marg
mumbai|Mumbai|Maharashtra|MH|1,2,3,47|19.076|72.8777|400001-400104|west|103.5|90.03|77.0|cng|-|Andheri East;Powai;Chembur;Borivali West;Bandra Kurla Complex;Goregaon;Sion;Mulund
pune|Pune|Maharashtra|MH|12,14|18.5204|73.8567|411001-411062|west|104.02|90.57|85.0|cng|-|Hinjewadi;Kothrud;Hadapsar;Wakad;Viman Nagar;Baner
ahmedabad|Ahmedabad|Gujarat|GJ|1,27,38|23.0225|72.5714|380001-380061|west|94.49|90.17|79.6|cng|-|SG Highway;Navrangpura;Maninagar;Naroda;Bopal
bengaluru|Bengaluru|Karnataka|KA|1,2,3,4,5,41,50,51,53|12.9716|77.5946|560001-560103|south|102.92|88.99|88.9|-|-|Whitefield;Koramangala;Hebbal;Electronic City;Yeshwanthpur;Jayanagar;Marathahalli
chennai|Chennai|Tamil Nadu|TN|1,2,4,5,6,7,9,10,22|13.0827|80.2707|600001-600119|south|100.8|92.39|91.5|-|-|Guindy;Anna Nagar;Velachery;Thoraipakkam OMR;Porur;T Nagar
hyderabad|Hyderabad|Telangana|TS|7,8,9,10,11,12,13|17.385|78.4867|500001-500100|south|107.41|95.65|94.0|-|-|Gachibowli;Kukatpally;Secunderabad;LB Nagar;Madhapur;Uppal
kolkata|Kolkata|West Bengal|WB|1,2,3,4,6,8|22.5726|88.3639|700001-700160|east|105.01|91.82|93.0|-|-|Salt Lake Sector V;Park Circus;Behala;New Town;Ultadanga
indore|Indore|Madhya Pradesh|MP|9|22.7196|75.8577|452001-452020|central|106.47|91.84|90.0|-|-|Vijay Nagar;Rau;AB Road;Palasia
nagpur|Nagpur|Maharashtra|MH|31,40,49|21.1458|79.0882|440001-440037|central|104.62|91.15|89.5|-|-|Wardha Road;Sitabuldi;Hingna MIDC;Kamptee Road
neemrana|Neemrana|Rajasthan|RJ|2,40|27.988|76.387|301705-301706|north|104.51|90.03|89.0|-|NH-48|NH-48 Neemrana;NH-48 Shahjahanpur
dharuhera|Dharuhera|Haryana|HR|36|28.2056|76.799|123106-123110|north|95.49|88.31|83.0|-|NH-48|NH-48 Dharuhera;NH-48 Bawal
mathura|Mathura|Uttar Pradesh|UP|85|27.4924|77.6737|281001-281006|north|94.92|88.02|85.0|-|NH-19|NH-19 Kosi Kalan;NH-19 Chhata
panipat|Panipat|Haryana|HR|6|29.3909|76.9635|132103-132108|north|95.61|88.42|84.0|-|NH-44|NH-44 Samalkha;NH-44 Panipat Bypass
vadodara|Vadodara|Gujarat|GJ|6|22.3072|73.1812|390001-390025|west|94.31|89.98|80.5|-|NH-48|NH-48 Vadodara Bypass;NH-48 Karjan
khed-shivapur|Khed Shivapur|Maharashtra|MH|12|18.335|73.855|412205-412205|west|104.2|90.71|86.0|-|NH-48|NH-48 Khed Shivapur;NH-48 Shivare
belagavi|Belagavi|Karnataka|KA|22|15.8497|74.4977|590001-590020|south|103.31|89.33|89.0|-|NH-48|NH-48 Belagavi Bypass;NH-48 Hirebagewadi
krishnagiri|Krishnagiri|Tamil Nadu|TN|24|12.5186|78.2137|635001-635002|south|101.2|92.78|91.0|-|NH-48|NH-48 Krishnagiri;NH-44 Kaveripattinam
`;

function parsePlace(line: string): Place {
  const f = line.split('|');
  const at = (i: number) => f[i] ?? '';
  const [pinFrom = 0, pinTo = 0] = at(7).split('-').map(Number);
  const highway = at(13);
  return {
    key: at(0),
    name: at(1),
    state: at(2),
    stateCode: at(3),
    rtos: at(4).split(',').map(Number),
    lat: Number(at(5)),
    lng: Number(at(6)),
    pin: [pinFrom, pinTo],
    region: at(8) as Region,
    petrol: Number(at(9)),
    diesel: Number(at(10)),
    cng: Number(at(11)),
    cngCity: at(12) === 'cng',
    ...(highway === '-' ? {} : { highway }),
    localities: at(14).split(';'),
  };
}

export const PLACES: Record<string, Place> = Object.fromEntries(
  PLACE_TABLE.trim()
    .split('\n')
    .map((line) => {
      const place = parsePlace(line);
      return [place.key, place];
    }),
);

/** RTO number ranges of each state, for vehicles registered elsewhere (long-haul trucks, visitors). */
export const STATE_RTOS: Record<string, readonly [number, number]> = {
  DL: [1, 13],
  HR: [1, 99],
  PB: [1, 91],
  RJ: [1, 58],
  UP: [11, 96],
  UK: [1, 20],
  HP: [1, 99],
  CH: [1, 4],
  MH: [1, 51],
  GJ: [1, 39],
  MP: [1, 71],
  CG: [4, 30],
  KA: [1, 71],
  TN: [1, 99],
  AP: [1, 40],
  TS: [1, 38],
  KL: [1, 86],
  WB: [1, 98],
  BR: [1, 57],
  OD: [1, 35],
  JH: [1, 24],
  AS: [1, 34],
};

/** States whose vehicles are common in each region besides the local one. */
export const NEIGHBOUR_STATES: Record<Region, readonly string[]> = {
  north: ['DL', 'HR', 'PB', 'RJ', 'UP', 'UK', 'HP'],
  west: ['MH', 'GJ', 'RJ', 'MP', 'KA'],
  south: ['KA', 'TN', 'AP', 'TS', 'KL', 'MH'],
  east: ['WB', 'BR', 'JH', 'OD', 'AS', 'UP'],
  central: ['MP', 'MH', 'CG', 'UP', 'RJ', 'GJ'],
};

export const DISPENSER_MAKES = ['Tokheim', 'Gilbarco', 'Midco', 'Wayne', 'Tatsuno'] as const;
