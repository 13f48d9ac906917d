import { createHash } from 'node:crypto';

/**
 * The demo site's words: handles, suburbs and post and comment text made by combining a few
 * dozen hand-written sentences. Every choice is a hash of the row's index: same demo, same words.
 */

/** Member 1 is the demo login (`demo@plantfolk.test`); every member's e-mail is `<handle>@plantfolk.test`. */
export const DEMO_USERNAMES = [
  'demo',
  'fern_and_fig',
  'monstera_mia',
  'balcony_basil',
  'leafy_liam',
  'succulent_sam',
  'potting_bench_pat',
  'hoya_hannah',
  'compost_kate',
  'windowsill_will',
  'greenhouse_gus',
  'calathea_chloe',
  'seed_swap_sol',
  'tomato_tom',
  'cactus_coco',
  'pothos_priya',
  'trowel_and_tea',
  'grevillea_grace',
  'rooftop_rosa',
  'mossy_mo',
  'philo_phil',
  'kitchen_herbs_kim',
  'orchid_olly',
  'banksia_ben',
  'terrarium_tess',
  'seedling_sid',
  'allotment_alf',
  'bromeliad_bea',
  'jungle_june',
  'dahlia_dev',
] as const;

/** Suburbs of two real cities, with their centres (members live within ~500 m of them). */
export const DEMO_PLACES = [
  { suburb: 'Fitzroy', state: 'Victoria', country: 'Australia', lat: -37.7984, lng: 144.9784 },
  { suburb: 'Clifton', state: 'England', country: 'United Kingdom', lat: 51.4612, lng: -2.6215 },
  { suburb: 'Brunswick', state: 'Victoria', country: 'Australia', lat: -37.7667, lng: 144.9594 },
  { suburb: 'Bedminster', state: 'England', country: 'United Kingdom', lat: 51.4406, lng: -2.6 },
  { suburb: 'Northcote', state: 'Victoria', country: 'Australia', lat: -37.77, lng: 144.9977 },
  { suburb: 'Montpelier', state: 'England', country: 'United Kingdom', lat: 51.4678, lng: -2.5843 },
  { suburb: 'St Kilda', state: 'Victoria', country: 'Australia', lat: -37.8676, lng: 144.9801 },
  { suburb: 'Totterdown', state: 'England', country: 'United Kingdom', lat: 51.4411, lng: -2.5799 },
  { suburb: 'Footscray', state: 'Victoria', country: 'Australia', lat: -37.8, lng: 144.9 },
  { suburb: 'Easton', state: 'England', country: 'United Kingdom', lat: 51.4622, lng: -2.5634 },
];

/** A number in [0, n) drawn from a key. */
function pick(key: string, n: number): number {
  return createHash('md5').update(key).digest().readUInt32BE(0) % n;
}

/** Which drawn photo suits a plant: 0 monstera, 1 fern, 2 succulent, 3 trailing, 4 upright blades. */
const PHOTO_KIND_OF: Record<string, number> = {
  monstera: 0,
  pothos: 3,
  'golden pothos': 3,
  'string of pearls': 3,
  hoya: 3,
  'wax plant': 3,
  calathea: 0,
  'fiddle leaf fig': 0,
  'boston fern': 1,
  'jade plant': 2,
  'snake plant': 4,
  'peace lily': 4,
  philodendron: 3,
  'heartleaf philodendron': 3,
  'zebra haworthia': 2,
  echeveria: 2,
  'maidenhair fern': 1,
  'rubber plant': 0,
  'cherry tomato seedlings': 1,
  basil: 1,
  'kangaroo paw': 4,
};

const HOUSEPLANTS = [
  'monstera',
  'pothos',
  'string of pearls',
  'hoya',
  'calathea',
  'fiddle leaf fig',
  'Boston fern',
  'jade plant',
  'snake plant',
  'peace lily',
  'philodendron',
  'zebra haworthia',
  'echeveria',
  'maidenhair fern',
  'rubber plant',
];

/** The photo kind (see demo-photos.ts) for a plant's name; a garden post gets a fern-ish one. */
export function photoKindOf(plant: string): number {
  return PHOTO_KIND_OF[plant.toLowerCase()] ?? 1;
}

const OPENINGS = [
  'A new leaf is unfurling on my {plant} this morning and I keep checking on it like a proud parent.',
  'Repotted the {plant} into a chunky mix of bark, perlite and a little worm castings today.',
  'My {plant} has finally decided it likes the east window.',
  'Three weeks in water and the {plant} cuttings have proper roots now.',
  'Spent the whole weekend rearranging the plant shelf so the {plant} gets more light.',
  'Picked up a sad little {plant} from the clearance trolley at the nursery.',
  'The {plant} I was given as a single cutting last spring is now taller than the cat.',
  'Caught the morning sun hitting the {plant} and had to take a photo.',
  'Gave the {plant} a shower in the bath to wash the dust off its leaves.',
  'Moved the {plant} away from the heater and it perked up within a week.',
  'Divided my overgrown {plant} into four pots this afternoon.',
  'Finally found a pot that suits the {plant} — terracotta, slightly wonky, perfect.',
];

const MIDDLES = [
  'I water when the top few centimetres are dry, which has been about every ten days lately.',
  'The trick seems to be bright light but no harsh afternoon sun.',
  'I added a moss pole and it is already reaching for it.',
  'It sulked for a fortnight after the move, which I am told is normal.',
  'There were a few fungus gnats, so the top layer is now coarse sand.',
  'The roots were circling the bottom of the nursery pot, so it was definitely time.',
  'I have been feeding it with a weak liquid fertiliser every second watering.',
  'The humidity in the bathroom seems to suit it far better than the lounge did.',
  'Two of the older leaves went yellow, but the new growth looks healthy.',
  'I wiped the leaves with a damp cloth and they look glossy again.',
  '',
  '',
];

const CLOSINGS = [
  'Any tips for keeping it this happy through winter?',
  'Does anyone else talk to their plants, or is it just me?',
  'Happy to share cuttings with anyone nearby.',
  'Fingers crossed it keeps going.',
  'What would you pair it with on a bright shelf?',
  'Small wins.',
  'Next job: a bigger saucer.',
  'Would love to see how yours are going!',
  'Send help, I think I need another shelf.',
  'Grateful for this little green corner of the house.',
];

const GARDEN_POSTS = [
  'First ripe cherry tomatoes from the balcony pots. Ate them straight off the vine, no regrets.',
  'The compost bin finally turned into dark, crumbly soil. The beds got a generous top-up today.',
  'Sowed basil, coriander and dill on the kitchen windowsill. Labels this time, I promise.',
  'Pruned the lemon tree back hard after fruiting. It will thank me in spring.',
  'The grevillea by the front fence is full of honeyeaters every morning now.',
  'Seedlings are hardening off on the back step. Bringing them in every night like puppies.',
  'Planted a row of native wildflowers along the path to bring the bees back.',
  'Found volunteer pumpkins growing out of the compost heap. Letting them go for it.',
  'Mulched every bed before the hot week. The soil underneath is staying lovely and cool.',
  'The chillies have gone from green to red in three days. Hot sauce season is here.',
];

const LISTING_OPENINGS = [
  'Spare {plant} looking for a new home.',
  'I have divided my {plant} and have a few healthy pieces to pass on.',
  'Offering {plant} — rooted, potted up and ready to go.',
  'My {plant} has been very productive, so there are extras to share.',
];

const LISTING_CLOSINGS = [
  'Pick up from my front porch any evening this week.',
  'Happy to swap for a cutting of something I do not have yet.',
  'Free to a good home, just bring a bag or a pot.',
  'Message me if you are nearby and want one.',
];

function fill(sentence: string, plant: string): string {
  return sentence.replaceAll('{plant}', plant);
}

/**
 * Text, and the kind of photo that suits it, for post g (1 = newest) for g in 1..posts, laid out
 * for the content step's `(texts)[1 + g % posts]`: element i is post g with g % posts = i. Every
 * fifth post (g % 5 = 0) is a plant listing of `listingPlants[(g / 5) % length]`, as the content
 * step lists them.
 */
export function demoPosts(
  posts: number,
  listingPlants: readonly string[],
): { texts: string[]; photoKinds: number[] } {
  const made = Array.from({ length: posts }, (_, i) => {
    const g = i === 0 ? posts : i;
    const key = (part: string) => `demo-post:${g}:${part}`;
    if (g % 5 === 0) {
      const plant = listingPlants[Math.floor(g / 5) % listingPlants.length].toLowerCase();
      const text = [
        fill(LISTING_OPENINGS[pick(key('open'), LISTING_OPENINGS.length)], plant),
        LISTING_CLOSINGS[pick(key('close'), LISTING_CLOSINGS.length)],
      ].join(' ');
      return { text, kind: photoKindOf(plant) };
    }
    if (pick(key('kind'), 4) === 0) {
      const text = [
        GARDEN_POSTS[pick(key('garden'), GARDEN_POSTS.length)],
        CLOSINGS[pick(key('close'), CLOSINGS.length)],
      ].join(' ');
      return { text, kind: photoKindOf('') };
    }
    const plant = HOUSEPLANTS[pick(key('plant'), HOUSEPLANTS.length)];
    const text = [
      fill(OPENINGS[pick(key('open'), OPENINGS.length)], plant),
      MIDDLES[pick(key('middle'), MIDDLES.length)],
      CLOSINGS[pick(key('close'), CLOSINGS.length)],
    ]
      .filter(Boolean)
      .join(' ');
    return { text, kind: photoKindOf(plant) };
  });
  return { texts: made.map((post) => post.text), photoKinds: made.map((post) => post.kind) };
}

const COMMENT_OPENINGS = [
  'Oh, this is gorgeous!',
  'Love this.',
  'What a beauty.',
  'Mine did exactly the same last year.',
  'So jealous of that growth.',
  'This made my morning.',
  'Great tip, thank you.',
  'Ha, I know that feeling.',
];

const COMMENT_BODIES = [
  'What potting mix are you using?',
  'I would give it a bit more light and a little less water.',
  'Would you be up for a cutting swap sometime?',
  'It recovered fine once I stopped fussing over it.',
  'Those leaves have such a lovely colour.',
  'I have had good luck with a terracotta pot for that one.',
  'Keep an eye out for mealybugs under the leaves.',
  'How often do you feed it?',
  '',
];

/** `count` comments, laid out for the content step's `(texts)[1 + (g + j) % count]`. */
export function demoCommentTexts(count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    [
      COMMENT_OPENINGS[pick(`demo-comment:${i}:open`, COMMENT_OPENINGS.length)],
      COMMENT_BODIES[pick(`demo-comment:${i}:body`, COMMENT_BODIES.length)],
    ]
      .filter(Boolean)
      .join(' '),
  );
}
