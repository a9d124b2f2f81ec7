/**
 * The demo catalogue's food facts (issue 20), by SKU: allergens (contains / may contain), dietary
 * labels besides organic and gluten-free (those come from the catalogue's booleans), ingredients,
 * nutrition per 100 g or 100 ml, origin and storage. Values are typical of such products, for
 * showing the shop; they are not a real producer's declaration. Pure data, no imports.
 */

/** [energy kJ, energy kcal, fat, saturates, carbohydrate, sugars, protein, salt] per 100 g or ml. */
type NutritionRow = [number, number, number, number, number, number, number, number];

export interface SeedFoodFacts {
  allergens?: string[];
  mayContain?: string[];
  /** Besides 'organic' and 'gluten-free', which the catalogue's booleans give. */
  labels?: string[];
  ingredients: string;
  /** Per 100 ml when 'ml', else per 100 g. */
  basis?: 'g' | 'ml';
  nutrition: NutritionRow;
  origin: string;
  storage: string;
}

const VEGAN = ['vegan', 'vegetarian', 'lactose-free', 'halal', 'kosher'];
const FRIDGE = 'Keep refrigerated below 5 °C. Once opened, use within 3 days.';
const COOL_DRY = 'Store in a cool, dry place away from direct sunlight.';
const FRESH = 'Store in a cool place or the fridge; eat within a few days.';
const FREEZE_FISH = 'Keep refrigerated at 0–4 °C. Use by the date shown or freeze on the day of purchase.';

export const foodFacts: Readonly<Record<string, SeedFoodFacts>> = {
  'FP-APL-001': {
    labels: VEGAN,
    ingredients: 'Apples',
    nutrition: [218, 52, 0.2, 0, 11.4, 10.4, 0.3, 0],
    origin: 'United Kingdom',
    storage: FRESH,
  },
  'FP-BAN-002': {
    labels: VEGAN,
    ingredients: 'Bananas',
    nutrition: [371, 89, 0.3, 0.1, 20.3, 12.2, 1.1, 0],
    origin: 'Colombia',
    storage: 'Store at room temperature; do not refrigerate.',
  },
  'FP-AVO-003': {
    labels: VEGAN,
    ingredients: 'Avocados',
    nutrition: [670, 160, 14.7, 2.1, 1.9, 0.7, 2, 0],
    origin: 'Peru',
    storage: 'Ripen at room temperature, then keep in the fridge.',
  },
  'FP-TOM-004': {
    labels: VEGAN,
    ingredients: 'Tomatoes',
    nutrition: [75, 18, 0.2, 0, 3.1, 2.6, 0.9, 0],
    origin: 'Spain',
    storage: 'Store at room temperature for the best flavour.',
  },
  'FP-SPN-005': {
    labels: VEGAN,
    ingredients: 'Baby spinach',
    nutrition: [97, 23, 0.4, 0.1, 1.4, 0.4, 2.9, 0.2],
    origin: 'Italy',
    storage: FRIDGE,
  },
  'FP-CAR-006': {
    labels: VEGAN,
    ingredients: 'Carrots',
    nutrition: [172, 41, 0.2, 0, 7.9, 7.4, 0.9, 0.2],
    origin: 'United Kingdom',
    storage: FRESH,
  },
  'FP-LEM-007': {
    labels: VEGAN,
    ingredients: 'Lemons',
    nutrition: [121, 29, 0.3, 0, 3.2, 2.5, 1.1, 0],
    origin: 'Spain',
    storage: FRESH,
  },
  'FP-STR-008': {
    labels: VEGAN,
    ingredients: 'Strawberries',
    nutrition: [136, 32, 0.3, 0, 6.1, 4.9, 0.7, 0],
    origin: 'United Kingdom',
    storage: FRIDGE,
  },
  'DE-EGG-001': {
    allergens: ['eggs'],
    labels: ['vegetarian', 'lactose-free', 'halal', 'kosher'],
    ingredients: 'Free-range hen eggs',
    nutrition: [598, 143, 9.5, 3.1, 0.7, 0.4, 12.6, 0.4],
    origin: 'United Kingdom',
    storage: 'Keep refrigerated. Best before the date on the shell.',
  },
  'DE-MLK-002': {
    allergens: ['milk'],
    labels: ['vegetarian', 'halal', 'kosher'],
    ingredients: 'Organic whole MILK',
    basis: 'ml',
    nutrition: [268, 64, 3.6, 2.3, 4.7, 4.7, 3.3, 0.1],
    origin: 'United Kingdom',
    storage: FRIDGE,
  },
  'DE-YOG-003': {
    allergens: ['milk'],
    labels: ['vegetarian'],
    ingredients: 'Yogurt (MILK), cream (MILK), live cultures',
    nutrition: [552, 133, 10.2, 6.8, 4.4, 4.4, 5.4, 0.1],
    origin: 'Greece',
    storage: FRIDGE,
  },
  'DE-BUT-004': {
    allergens: ['milk'],
    labels: ['vegetarian', 'kosher'],
    ingredients: 'Butter (MILK), salt (2%)',
    nutrition: [3040, 739, 81.4, 52.1, 0.6, 0.6, 0.6, 1.8],
    origin: 'Ireland',
    storage: FRIDGE,
  },
  'DE-CHD-005': {
    allergens: ['milk'],
    labels: ['vegetarian', 'lactose-free'],
    ingredients: 'Cheese (MILK), salt, vegetarian rennet, starter cultures',
    nutrition: [1725, 416, 34.9, 21.7, 0.1, 0.1, 25.4, 1.8],
    origin: 'United Kingdom',
    storage: FRIDGE,
  },
  'DE-BRI-006': {
    allergens: ['milk'],
    ingredients: 'Pasteurised cows\u2019 MILK, salt, rennet, cultures',
    nutrition: [1381, 333, 27.7, 17.4, 0.5, 0.5, 20.8, 1.6],
    origin: 'France',
    storage: FRIDGE,
  },
  'DE-OAT-007': {
    allergens: ['gluten'],
    labels: ['vegan', 'vegetarian', 'lactose-free'],
    ingredients:
      'Water, OATS (10%), rapeseed oil, acidity regulator (dipotassium phosphate), calcium carbonate, salt, vitamins',
    basis: 'ml',
    nutrition: [250, 60, 3, 0.3, 6.9, 3.4, 1, 0.1],
    origin: 'Sweden',
    storage: 'Store at room temperature. Once opened, keep refrigerated and use within 5 days.',
  },
  'DE-MOZ-008': {
    allergens: ['milk'],
    labels: ['vegetarian'],
    ingredients: 'Buffalo MILK, salt, rennet, starter culture',
    nutrition: [1060, 255, 20, 13.8, 0.8, 0.8, 17.5, 0.6],
    origin: 'Italy',
    storage: FRIDGE,
  },
  'BK-SRD-001': {
    allergens: ['gluten', 'wheat'],
    labels: ['vegan', 'vegetarian', 'lactose-free'],
    ingredients: 'WHEAT flour, water, rye sourdough (RYE flour, water), salt',
    nutrition: [1000, 236, 1.2, 0.2, 46.5, 2.1, 8.8, 1.1],
    origin: 'United Kingdom',
    storage: COOL_DRY,
  },
  'BK-BGT-002': {
    allergens: ['gluten', 'wheat'],
    mayContain: ['sesame'],
    labels: ['vegan', 'vegetarian', 'lactose-free'],
    ingredients: 'WHEAT flour, water, salt, yeast',
    nutrition: [1133, 267, 1.3, 0.3, 54, 2.6, 9, 1.3],
    origin: 'France',
    storage: 'Best eaten on the day of purchase.',
  },
  'BK-CRS-003': {
    allergens: ['gluten', 'wheat', 'milk', 'eggs'],
    ingredients: 'WHEAT flour, BUTTER (MILK) (26%), water, sugar, EGG, yeast, salt',
    nutrition: [1760, 421, 23.6, 15.3, 43.1, 7.9, 8.2, 1],
    origin: 'France',
    storage: COOL_DRY,
  },
  'BK-WHL-004': {
    allergens: ['gluten', 'wheat'],
    mayContain: ['sesame', 'soybeans'],
    labels: ['vegan', 'vegetarian', 'lactose-free'],
    ingredients: 'Organic wholemeal WHEAT flour, water, yeast, salt, organic rapeseed oil',
    nutrition: [1005, 238, 2.5, 0.4, 41.6, 2.8, 10.1, 1],
    origin: 'United Kingdom',
    storage: COOL_DRY,
  },
  'BK-GFS-005': {
    allergens: ['eggs'],
    mayContain: ['sesame'],
    labels: ['vegetarian', 'lactose-free'],
    ingredients:
      'Water, tapioca starch, rice flour, sunflower seeds, linseed, EGG white, psyllium husk, yeast, salt',
    nutrition: [1060, 253, 7.9, 0.9, 38.2, 3.3, 4.8, 1.1],
    origin: 'United Kingdom',
    storage: COOL_DRY,
  },
  'BK-BGL-006': {
    allergens: ['gluten', 'wheat', 'sesame'],
    labels: ['vegan', 'vegetarian', 'lactose-free'],
    ingredients: 'WHEAT flour, water, SESAME seeds (6%), sugar, yeast, salt',
    nutrition: [1140, 270, 3.6, 0.5, 49.3, 5.2, 10.2, 1.1],
    origin: 'United Kingdom',
    storage: COOL_DRY,
  },
  'BK-MUF-007': {
    allergens: ['gluten', 'wheat', 'eggs', 'milk'],
    mayContain: ['tree-nuts', 'peanuts'],
    labels: ['vegetarian'],
    ingredients: 'WHEAT flour, sugar, blueberries (15%), rapeseed oil, EGG, MILK, raising agents, salt',
    nutrition: [1608, 384, 19, 2, 47, 25, 5, 0.8],
    origin: 'United Kingdom',
    storage: COOL_DRY,
  },
  'MS-SAL-001': {
    allergens: ['fish'],
    labels: ['lactose-free', 'halal', 'kosher'],
    ingredients: 'Atlantic salmon (FISH)',
    nutrition: [842, 202, 13.6, 2.4, 0, 0, 20.2, 0.1],
    origin: 'Norway',
    storage: FREEZE_FISH,
  },
  'MS-CHK-002': {
    labels: ['lactose-free', 'halal'],
    ingredients: 'Chicken breast',
    nutrition: [448, 106, 1.1, 0.3, 0, 0, 24, 0.2],
    origin: 'United Kingdom',
    storage: FRIDGE,
  },
  'MS-BEF-003': {
    labels: ['lactose-free', 'halal', 'kosher'],
    ingredients: 'Beef',
    nutrition: [1030, 248, 18, 7.7, 0, 0, 21.2, 0.2],
    origin: 'Ireland',
    storage: FRIDGE,
  },
  'MS-RIB-004': {
    labels: ['lactose-free'],
    ingredients: 'Beef ribeye',
    nutrition: [1208, 291, 22.5, 9.6, 0, 0, 22.2, 0.2],
    origin: 'United Kingdom',
    storage: FRIDGE,
  },
  'MS-PRW-005': {
    allergens: ['crustaceans'],
    labels: ['lactose-free', 'halal'],
    ingredients: 'King PRAWNS (CRUSTACEANS)',
    nutrition: [300, 71, 0.6, 0.1, 0, 0, 16, 0.9],
    origin: 'Vietnam',
    storage: FREEZE_FISH,
  },
  'MS-BAC-006': {
    labels: ['lactose-free'],
    ingredients: 'Pork (97%), salt, preservatives (sodium nitrite, potassium nitrate)',
    nutrition: [1010, 243, 18.5, 6.8, 0, 0, 18.7, 3.4],
    origin: 'Denmark',
    storage: FRIDGE,
  },
  'MS-SAU-007': {
    allergens: ['gluten', 'wheat', 'sulphites'],
    mayContain: ['celery', 'mustard'],
    ingredients:
      'Pork (80%), water, rusk (WHEAT flour, salt), herbs, spices, preservative (SODIUM METABISULPHITE)',
    nutrition: [1080, 260, 19.6, 7.3, 7.9, 0.9, 13.5, 1.6],
    origin: 'United Kingdom',
    storage: FRIDGE,
  },
  'MS-COD-008': {
    allergens: ['fish'],
    labels: ['lactose-free', 'halal', 'kosher'],
    ingredients: 'Cod (FISH)',
    nutrition: [340, 80, 0.7, 0.1, 0, 0, 18, 0.2],
    origin: 'Iceland',
    storage: FREEZE_FISH,
  },
  'PN-OIL-001': {
    labels: VEGAN,
    ingredients: 'Extra virgin olive oil',
    basis: 'ml',
    nutrition: [3404, 828, 92, 13, 0, 0, 0, 0],
    origin: 'Greece',
    storage: COOL_DRY,
  },
  'PN-SPG-002': {
    allergens: ['gluten', 'wheat'],
    mayContain: ['eggs', 'soybeans'],
    labels: ['vegan', 'vegetarian', 'lactose-free', 'halal', 'kosher'],
    ingredients: 'Durum WHEAT semolina, water',
    nutrition: [1521, 359, 2, 0.4, 71, 3.5, 13, 0],
    origin: 'Italy',
    storage: COOL_DRY,
  },
  'PN-RIC-003': {
    labels: VEGAN,
    ingredients: 'Basmati rice',
    nutrition: [1503, 354, 0.9, 0.2, 78, 0.2, 8.5, 0],
    origin: 'India',
    storage: COOL_DRY,
  },
  'PN-TOM-004': {
    labels: VEGAN,
    ingredients: 'Organic tomatoes (60%), organic tomato juice, acidity regulator (citric acid)',
    nutrition: [92, 22, 0.1, 0, 3.8, 3.8, 1.2, 0.1],
    origin: 'Italy',
    storage:
      'Store in a cool, dry place. Once opened, keep refrigerated in a covered container and use within 2 days.',
  },
  'PN-HNY-005': {
    labels: ['vegetarian', 'lactose-free', 'halal', 'kosher'],
    ingredients: 'Raw wildflower honey',
    nutrition: [1384, 326, 0, 0, 81.3, 81.3, 0.4, 0],
    origin: 'Mexico',
    storage: COOL_DRY,
  },
  'PN-PNB-006': {
    allergens: ['peanuts'],
    mayContain: ['tree-nuts', 'sesame'],
    labels: VEGAN,
    ingredients: 'Roasted PEANUTS (97%), palm oil, salt',
    nutrition: [2571, 620, 50.5, 10.3, 13.4, 4.7, 25.1, 0.8],
    origin: 'Argentina',
    storage: COOL_DRY,
  },
  'PN-CHP-007': {
    labels: VEGAN,
    ingredients: 'Organic chickpeas, water',
    nutrition: [496, 118, 2.6, 0.3, 14.7, 0.5, 7.1, 0],
    origin: 'Italy',
    storage: COOL_DRY,
  },
  'PN-FLR-008': {
    allergens: ['gluten', 'wheat'],
    labels: ['vegan', 'vegetarian', 'lactose-free', 'halal', 'kosher'],
    ingredients: 'WHEAT flour, calcium carbonate, iron, niacin, thiamin',
    nutrition: [1450, 342, 1.4, 0.2, 69, 1.6, 12.4, 0],
    origin: 'United Kingdom',
    storage: COOL_DRY,
  },
  'BV-SPW-001': {
    labels: VEGAN,
    ingredients: 'Natural mineral water, carbon dioxide',
    basis: 'ml',
    nutrition: [0, 0, 0, 0, 0, 0, 0, 0],
    origin: 'Italy',
    storage: COOL_DRY,
  },
  'BV-OJC-002': {
    labels: VEGAN,
    ingredients: 'Freshly squeezed orange juice',
    basis: 'ml',
    nutrition: [190, 45, 0.2, 0, 9.3, 8.3, 0.7, 0],
    origin: 'Spain',
    storage: FRIDGE,
  },
  'BV-APJ-003': {
    labels: VEGAN,
    ingredients: 'Organic pressed apple juice, antioxidant (ascorbic acid)',
    basis: 'ml',
    nutrition: [188, 44, 0.1, 0, 10.1, 9.8, 0.1, 0],
    origin: 'Austria',
    storage: 'Store in a cool, dry place. Once opened, keep refrigerated and use within 3 days.',
  },
  'BV-KOM-004': {
    labels: VEGAN,
    ingredients: 'Fermented tea (water, green tea, black tea, cane sugar, live cultures), ginger juice (3%)',
    basis: 'ml',
    nutrition: [75, 18, 0, 0, 4.2, 3.9, 0, 0],
    origin: 'United Kingdom',
    storage: FRIDGE,
  },
  'BV-LMN-005': {
    allergens: ['sulphites'],
    labels: VEGAN,
    ingredients:
      'Carbonated water, sugar, Sicilian lemon juice (12%), natural flavouring, preservative (potassium METABISULPHITE)',
    basis: 'ml',
    nutrition: [171, 40, 0, 0, 9.8, 9.6, 0, 0],
    origin: 'Italy',
    storage: COOL_DRY,
  },
  'BV-CCW-006': {
    labels: VEGAN,
    ingredients: 'Coconut water',
    basis: 'ml',
    nutrition: [80, 19, 0.2, 0.2, 3.7, 2.6, 0.7, 0.1],
    origin: 'Thailand',
    storage: COOL_DRY,
  },
  'BV-TON-007': {
    labels: VEGAN,
    ingredients: 'Carbonated spring water, sugar, citric acid, natural flavours, quinine',
    basis: 'ml',
    nutrition: [146, 34, 0, 0, 8.4, 8.4, 0, 0],
    origin: 'United Kingdom',
    storage: COOL_DRY,
  },
  'CT-COL-001': {
    labels: VEGAN,
    ingredients: '100% Arabica coffee beans',
    nutrition: [0, 2, 0, 0, 0, 0, 0.1, 0],
    origin: 'Colombia',
    storage: 'Store in a cool, dry place. Once opened, keep in an airtight container.',
  },
  'CT-ETH-002': {
    labels: VEGAN,
    ingredients: 'Organic Arabica coffee, ground',
    nutrition: [0, 2, 0, 0, 0, 0, 0.1, 0],
    origin: 'Ethiopia',
    storage: 'Store in a cool, dry place. Once opened, keep in an airtight container.',
  },
  'CT-ESP-003': {
    labels: VEGAN,
    ingredients: 'Roast and ground coffee',
    nutrition: [0, 2, 0, 0, 0, 0, 0.1, 0],
    origin: 'Switzerland',
    storage: COOL_DRY,
  },
  'CT-EBT-004': {
    labels: VEGAN,
    ingredients: 'Black tea',
    nutrition: [4, 1, 0, 0, 0.3, 0, 0, 0],
    origin: 'India',
    storage: COOL_DRY,
  },
  'CT-SEN-005': {
    labels: VEGAN,
    ingredients: 'Organic green tea',
    nutrition: [4, 1, 0, 0, 0.2, 0, 0, 0],
    origin: 'Japan',
    storage: COOL_DRY,
  },
  'CT-CHM-006': {
    labels: VEGAN,
    ingredients: 'Organic chamomile flowers',
    nutrition: [4, 1, 0, 0, 0.2, 0, 0, 0],
    origin: 'Egypt',
    storage: COOL_DRY,
  },
  'CT-MAT-007': {
    labels: VEGAN,
    ingredients: 'Stone-ground green tea leaves',
    nutrition: [1380, 324, 5.3, 0.7, 38.5, 0, 30.6, 0],
    origin: 'Japan',
    storage: 'Keep the tin sealed in the fridge once opened; use within a month.',
  },
  'SN-KET-001': {
    mayContain: ['milk'],
    labels: ['vegan', 'vegetarian', 'halal', 'kosher'],
    ingredients: 'Potatoes, sunflower oil, sea salt',
    nutrition: [2080, 498, 28.3, 2.7, 53.6, 0.6, 6.2, 1.1],
    origin: 'United Kingdom',
    storage: COOL_DRY,
  },
  'SN-ALM-002': {
    allergens: ['tree-nuts'],
    mayContain: ['peanuts', 'sesame'],
    labels: VEGAN,
    ingredients: 'ALMONDS (98%), sunflower oil, salt',
    nutrition: [2590, 626, 55.2, 4.3, 6.3, 4.2, 24.9, 1],
    origin: 'United States',
    storage: COOL_DRY,
  },
  'SN-DCH-003': {
    allergens: ['soybeans'],
    mayContain: ['milk', 'tree-nuts', 'peanuts'],
    labels: ['vegan', 'vegetarian', 'lactose-free'],
    ingredients:
      'Organic cocoa mass, organic cane sugar, organic cocoa butter, emulsifier (SOYA lecithin). Cocoa solids 70% minimum.',
    nutrition: [2395, 577, 42.6, 26.2, 33.6, 28.9, 8.9, 0],
    origin: 'Peru',
    storage: 'Store in a cool, dry place below 20 °C.',
  },
  'SN-TRL-004': {
    allergens: ['tree-nuts', 'sulphites'],
    mayContain: ['peanuts'],
    labels: VEGAN,
    ingredients:
      'Raisins (preservative: SULPHUR DIOXIDE), CASHEWS, HAZELNUTS, ALMONDS, cranberries, sunflower oil',
    nutrition: [1980, 474, 27.5, 4, 43.1, 34.5, 12.2, 0],
    origin: 'Turkey',
    storage: COOL_DRY,
  },
  'SN-GRB-005': {
    allergens: ['gluten'],
    mayContain: ['tree-nuts', 'peanuts', 'milk'],
    labels: ['vegetarian'],
    ingredients: 'OATS (55%), honey (12%), glucose syrup, sunflower oil, brown sugar, salt',
    nutrition: [1810, 431, 14.7, 1.5, 64.2, 26.3, 7.3, 0.5],
    origin: 'United Kingdom',
    storage: COOL_DRY,
  },
  'SN-POP-006': {
    labels: VEGAN,
    ingredients: 'Popping corn (90%), rapeseed oil, sea salt',
    nutrition: [1980, 473, 22.3, 2.1, 54.9, 0.7, 8.5, 1.2],
    origin: 'United States',
    storage: COOL_DRY,
  },
  'SN-RCK-007': {
    mayContain: ['sesame'],
    labels: VEGAN,
    ingredients: 'Organic wholegrain brown rice, sea salt',
    nutrition: [1620, 383, 2.9, 0.6, 79.1, 0.7, 8.2, 0.3],
    origin: 'Italy',
    storage: COOL_DRY,
  },
};

/** The nutrition declaration as the product stores it. */
export function seedNutrition(facts: SeedFoodFacts) {
  const [energyKj, energyKcal, fat, saturates, carbohydrate, sugars, protein, salt] = facts.nutrition;
  return {
    basis: facts.basis ?? 'g',
    energyKj,
    energyKcal,
    fat,
    saturates,
    carbohydrate,
    sugars,
    protein,
    salt,
  };
}
