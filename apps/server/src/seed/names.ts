import type { Random } from './random';

/** Word lists for people, businesses and review text. All combinations are invented. */

const list = (text: string): readonly string[] => text.trim().split(/\s*,\s*/);

const FIRST_NAMES = list(`
  Aarav, Aditya, Akash, Amit, Anil, Arjun, Ashok, Deepak, Dinesh, Ganesh, Gaurav, Harish, Imran, Jitendra,
  Karan, Kiran, Lokesh, Mahesh, Manoj, Mohit, Mukesh, Naveen, Nikhil, Pankaj, Prakash, Pradeep, Rahul, Rajesh,
  Rakesh, Ramesh, Ravi, Rohit, Sachin, Sandeep, Sanjay, Santosh, Satish, Shivam, Sunil, Suresh, Tarun, Uday,
  Varun, Vikas, Vikram, Vinod, Vishal, Yogesh, Farhan, Harpreet, Gurpreet, Senthil, Murugan, Venkatesh,
  Srinivas, Subhash, Arindam, Sourav, Debashis, Aisha, Anjali, Ananya, Deepa, Divya, Fatima, Geeta, Kavita,
  Lakshmi, Meena, Neha, Nisha, Pooja, Priya, Rekha, Ritu, Sangeeta, Shalini, Sneha, Sunita, Swati, Usha,
  Vandana, Jaspreet, Meenakshi, Revathi, Madhuri, Moumita, Shreya
`);

const LAST_NAMES = list(`
  Sharma, Verma, Gupta, Singh, Yadav, Kumar, Agarwal, Jain, Mishra, Pandey, Tiwari, Chauhan, Rathore, Meena,
  Patel, Shah, Desai, Joshi, Kulkarni, Deshmukh, Patil, Pawar, Shinde, Gaikwad, Naik, Rao, Reddy, Naidu,
  Iyer, Iyengar, Pillai, Nair, Menon, Krishnan, Subramanian, Gowda, Hegde, Shetty, Banerjee, Chatterjee,
  Mukherjee, Das, Ghosh, Bose, Sen, Dutta, Khan, Ansari, Qureshi, Siddiqui, Gill, Sandhu, Dhillon, Grewal,
  Malhotra, Kapoor, Khanna, Mehra, Arora, Bhatia, Saxena, Srivastava, Tripathi, Dubey, Chaudhary
`);

const BUSINESS_WORDS = list(`
  Shree Ganesh, Maruti, Jai Bharat, Annapurna, Kaveri, Narmada, Godavari, Himalaya, Vindhya, Satpura, Aravali,
  Trishul, Garuda, Vayu, Prithvi, Surya, Chandra, Nandi, Sarathi, Yatri, Pragati, Unnati, Sankalp, Vikas,
  Ekta, Navbharat, Suvidha, Safar, Raftaar, Manzil, Sangam, Triveni, Mahalaxmi, Om Sai, Balaji, Jagannath
`);

const FLEET_SUFFIXES = list(
  `Roadways, Transport Co., Logistics, Carriers, Freight Movers, Travels, Cargo Services, Tankers`,
);
const CORPORATE_SUFFIXES = list(
  `Industries, Infra Projects, Agro Foods, Textiles, Pharma, Builders, Engineering Works, Cold Chain`,
);

export function personName(rng: Random): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

export function splitName(rng: Random): { first: string; last: string } {
  return { first: rng.pick(FIRST_NAMES), last: rng.pick(LAST_NAMES) };
}

export function businessName(rng: Random, kind: 'fleet' | 'business'): string {
  const suffix = rng.pick(kind === 'fleet' ? FLEET_SUFFIXES : CORPORATE_SUFFIXES);
  return rng.chance(0.3) ? `${rng.pick(LAST_NAMES)} ${suffix}` : `${rng.pick(BUSINESS_WORDS)} ${suffix}`;
}

/** An Indian mobile number: +91 followed by ten digits starting 6–9. */
export function mobile(rng: Random): string {
  return `+91${rng.int(6, 9)}${rng.digits(9)}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const REVIEW_TITLES: Record<number, readonly string[]> = {
  1: list(`Short-changed on fuel, Very rude staff, Never again, Card machine never works`),
  2: list(`Long queues, Washroom not clean, Air pump broken, Slow billing`),
  3: list(`Average experience, Okay for a quick fill, Decent but crowded, Fine on weekdays`),
  4: list(`Good service, Quick and honest, Helpful attendants, Clean forecourt`),
  5: list(`Best pump in the area, Always accurate fuel, Excellent staff, Very well maintained`),
};

const REVIEW_BODIES: Record<number, readonly string[]> = {
  1: list(
    `Meter did not start from zero and the manager refused to check, Waited twenty minutes and UPI failed twice`,
  ),
  2: list(
    `Queue in the evening is too long and only one nozzle was working, No free air for tyres and the toilet was locked`,
  ),
  3: list(`Fuel quality seems fine but the staff could be quicker, Gets very crowded around office hours`),
  4: list(
    `Staff showed zero on the meter without asking and billing was fast, Clean washroom and working air machine`,
  ),
  5: list(
    `Attendants are polite and the fill is always accurate, Quick UPI billing and free air and water for everyone`,
  ),
};

const REPLIES = list(`
  Thank you for the feedback; we have shared it with the station team,
  We are sorry for the trouble and have fixed the issue; please visit again,
  Thank you for choosing us; see you again soon,
  We have retrained the team on the zero-check procedure; thank you for telling us
`);

export function review(rng: Random, rating: number): { title: string; body: string } {
  return { title: rng.pick(REVIEW_TITLES[rating] ?? []), body: `${rng.pick(REVIEW_BODIES[rating] ?? [])}.` };
}

export function reviewReply(rng: Random): string {
  return `${rng.pick(REPLIES)}.`;
}
