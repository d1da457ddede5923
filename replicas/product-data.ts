// Word lists the product catalogues are generated from: what kinds of goods exist, their
// brands, specification values and variant dimensions. Pure data, no logic.

export interface ProductTemplate {
  noun: string;
  /** Category path, broadest first (the breadcrumbs). */
  path: string[];
  /** Typical price in USD. */
  price: number;
  brands: string[];
  /** Spec name -> possible values; the first two specs go into titles. */
  specs: Record<string, string[]>;
  /** A phrase marketplaces append to long titles. */
  feature: string;
  variants?: { dimension: string; values: string[]; step: number };
}

const COLORS = ["Black", "White", "Blue", "Gray", "Green", "Red"];

/** General goods, shared by amazon, ebay, walmart, bestbuy and the independent shop. */
export const GENERAL_TEMPLATES: ProductTemplate[] = [
  {
    noun: "Power Bank",
    path: ["Electronics", "Cell Phone Accessories", "Portable Chargers & Power Banks"],
    price: 45,
    brands: ["Anker", "Baseus", "INIU", "Belkin"],
    specs: {
      Capacity: ["10000mAh", "20000mAh", "26800mAh"],
      Output: ["22.5W", "65W", "87W"],
      "Number of Ports": ["2", "3"],
    },
    feature: "Fast Charging Portable Charger with USB-C",
    variants: { dimension: "Color", values: COLORS, step: 0 },
  },
  {
    noun: "USB-C Charger",
    path: ["Electronics", "Cell Phone Accessories", "Chargers"],
    price: 29,
    brands: ["Anker", "UGREEN", "Belkin", "Spigen"],
    specs: {
      Wattage: ["30W", "65W", "100W", "140W"],
      "Number of Ports": ["1", "2", "3"],
      Connector: ["USB-C", "USB-C and USB-A"],
    },
    feature: "GaN Fast Wall Charger Block",
  },
  {
    noun: "Wireless Earbuds",
    path: ["Electronics", "Headphones", "Earbud Headphones"],
    price: 59,
    brands: ["Soundcore", "JLab", "Sony", "Jabra"],
    specs: {
      "Battery Life": ["24 Hours", "36 Hours", "50 Hours"],
      "Noise Control": ["Active Noise Cancellation", "Sound Isolation"],
      Connectivity: ["Bluetooth 5.3", "Bluetooth 5.2"],
    },
    feature: "Bluetooth Headphones with Charging Case",
    variants: { dimension: "Color", values: COLORS, step: 0 },
  },
  {
    noun: "Bluetooth Speaker",
    path: ["Electronics", "Portable Audio", "Bluetooth Speakers"],
    price: 55,
    brands: ["JBL", "Tribit", "Anker", "Bose"],
    specs: {
      "Output Power": ["10W", "20W", "30W"],
      "Water Resistance": ["IPX5", "IPX7", "IP67"],
      "Battery Life": ["12 Hours", "20 Hours"],
    },
    feature: "Portable Waterproof Wireless Speaker",
  },
  {
    noun: "Smart Watch",
    path: ["Electronics", "Wearable Technology", "Smartwatches"],
    price: 129,
    brands: ["Amazfit", "Garmin", "Fitbit"],
    specs: {
      "Screen Size": ["1.3 Inches", "1.43 Inches", "1.75 Inches"],
      "Battery Life": ["7 Days", "14 Days"],
      "Water Resistance": ["5 ATM", "IP68"],
    },
    feature: "Fitness Tracker with Heart Rate Monitor and GPS",
    variants: { dimension: "Size", values: ["40mm", "44mm", "46mm"], step: 20 },
  },
  {
    noun: "Mechanical Keyboard",
    path: ["Electronics", "Computers & Accessories", "Keyboards"],
    price: 79,
    brands: ["Keychron", "Logitech", "Redragon"],
    specs: { Layout: ["75%", "TKL", "Full Size"], Connectivity: ["Wired", "Wireless"], Backlight: ["RGB", "White"] },
    feature: "Hot-Swappable Gaming Keyboard",
    variants: { dimension: "Switch Type", values: ["Red Switch", "Brown Switch", "Blue Switch"], step: 0 },
  },
  {
    noun: "Wireless Mouse",
    path: ["Electronics", "Computers & Accessories", "Mice"],
    price: 29,
    brands: ["Logitech", "Razer", "Microsoft"],
    specs: {
      DPI: ["4000", "8000", "16000"],
      Connectivity: ["Bluetooth", "2.4 GHz USB Receiver"],
      Buttons: ["3", "6", "8"],
    },
    feature: "Ergonomic Silent Click Mouse",
  },
  {
    noun: "4K Monitor",
    path: ["Electronics", "Computers & Accessories", "Monitors"],
    price: 299,
    brands: ["LG", "Dell", "ASUS", "Samsung"],
    specs: { "Screen Size": ["27 Inches", "32 Inches"], "Refresh Rate": ["60Hz", "144Hz"], Panel: ["IPS", "VA"] },
    feature: "UHD Computer Display with HDR10 and USB-C",
  },
  {
    noun: "Webcam",
    path: ["Electronics", "Computers & Accessories", "Webcams"],
    price: 69,
    brands: ["Logitech", "Razer", "AnkerWork"],
    specs: {
      Resolution: ["1080p", "2K", "4K"],
      "Frame Rate": ["30fps", "60fps"],
      Microphone: ["Dual Stereo", "Single"],
    },
    feature: "HD Streaming Camera with Privacy Cover",
  },
  {
    noun: "Portable SSD",
    path: ["Electronics", "Data Storage", "External Solid State Drives"],
    price: 89,
    brands: ["Samsung", "SanDisk", "Crucial"],
    specs: {
      Interface: ["USB 3.2 Gen 2", "USB-C"],
      "Read Speed": ["1050 MB/s", "2000 MB/s"],
      Color: ["Black", "Blue"],
    },
    feature: "External Solid State Drive for PC and Mac",
    variants: { dimension: "Capacity", values: ["500GB", "1TB", "2TB"], step: 40 },
  },
  {
    noun: "Air Fryer",
    path: ["Home & Kitchen", "Kitchen & Dining", "Small Appliances"],
    price: 99,
    brands: ["Ninja", "COSORI", "Instant"],
    specs: {
      Capacity: ["4 Quarts", "5.8 Quarts", "8 Quarts"],
      Wattage: ["1500W", "1700W"],
      Material: ["Stainless Steel", "Plastic"],
    },
    feature: "Oil-Free Cooker with Nonstick Basket",
    variants: { dimension: "Size", values: ["4 Quart", "6 Quart", "8 Quart"], step: 25 },
  },
  {
    noun: "Electric Kettle",
    path: ["Home & Kitchen", "Kitchen & Dining", "Kettles"],
    price: 39,
    brands: ["COSORI", "Hamilton Beach", "Fellow"],
    specs: {
      Capacity: ["1.0 Liters", "1.7 Liters"],
      Material: ["Glass", "Stainless Steel"],
      Wattage: ["1200W", "1500W"],
    },
    feature: "Temperature Control Tea Kettle with Auto Shut-Off",
  },
  {
    noun: "Coffee Grinder",
    path: ["Home & Kitchen", "Kitchen & Dining", "Coffee Grinders"],
    price: 45,
    brands: ["Baratza", "KRUPS", "OXO"],
    specs: {
      "Grind Settings": ["15", "30", "40"],
      "Bean Capacity": ["12 Ounces", "8 Ounces"],
      Burr: ["Conical", "Flat", "Blade"],
    },
    feature: "Electric Burr Mill for Espresso and Drip",
  },
  {
    noun: "Cast Iron Skillet",
    path: ["Home & Kitchen", "Cookware", "Skillets"],
    price: 29,
    brands: ["Lodge", "Victoria", "Utopia Kitchen"],
    specs: {
      Finish: ["Pre-Seasoned", "Enameled"],
      "Oven Safe": ["Up to 500 Degrees", "Up to 650 Degrees"],
      Handle: ["Assist Handle", "Long Handle"],
    },
    feature: "Frying Pan for Stove, Oven and Campfire",
    variants: { dimension: "Size", values: ["8 Inch", "10.25 Inch", "12 Inch"], step: 8 },
  },
  {
    noun: "LED Desk Lamp",
    path: ["Tools & Home Improvement", "Lighting & Ceiling Fans", "Lamps & Shades"],
    price: 35,
    brands: ["BenQ", "TaoTronics", "LEPOWER"],
    specs: {
      "Color Temperature": ["2700K-6500K", "3000K"],
      Wattage: ["10W", "12W"],
      "Control Method": ["Touch", "Remote"],
    },
    feature: "Dimmable Eye-Caring Reading Light",
  },
  {
    noun: "Wall Sconce",
    path: ["Tools & Home Improvement", "Lighting & Ceiling Fans", "Wall Lights"],
    price: 29,
    brands: ["ChangM", "Globe Electric", "Kira Home"],
    specs: { "Light Source": ["G9 LED", "E26 LED"], Wattage: ["5W", "7W"], Material: ["Plaster", "Metal"] },
    feature: "Indoor Up and Down Wall Lamp",
    variants: { dimension: "Color", values: ["Warm White", "Cool White"], step: 0 },
  },
  {
    noun: "Insulated Water Bottle",
    path: ["Sports & Outdoors", "Outdoor Recreation", "Water Bottles"],
    price: 25,
    brands: ["Hydro Flask", "Stanley", "Owala"],
    specs: {
      Material: ["Stainless Steel"],
      Lid: ["Flex Cap", "Straw Lid", "Chug Cap"],
      Insulation: ["Double-Wall Vacuum"],
    },
    feature: "Leakproof Reusable Bottle",
    variants: { dimension: "Size", values: ["24 oz", "32 oz", "40 oz"], step: 5 },
  },
  {
    noun: "Hiking Backpack",
    path: ["Sports & Outdoors", "Outdoor Recreation", "Backpacks"],
    price: 89,
    brands: ["Osprey", "REI Co-op", "Deuter"],
    specs: {
      Volume: ["24 Liters", "36 Liters", "48 Liters"],
      Material: ["Nylon", "Recycled Polyester"],
      Frame: ["Internal Frame", "Frameless"],
    },
    feature: "Daypack with Rain Cover and Hydration Sleeve",
  },
  {
    noun: "4-Channel Relay Module",
    path: ["Industrial & Scientific", "Electrical Equipment", "Relays"],
    price: 9,
    brands: ["SainSmart", "HiLetgo", "ELEGOO"],
    specs: { "Coil Voltage": ["5 Volts", "12 Volts"], "Current Rating": ["10 Amps"], "Operation Mode": ["Automatic"] },
    feature: "Board for Arduino and Raspberry Pi",
  },
  {
    noun: "Robot Window Cleaner",
    path: ["Home & Kitchen", "Vacuums & Floor Care", "Window Cleaners"],
    price: 149,
    brands: ["Cecotec", "HOBOT", "ECOVACS"],
    specs: { Wattage: ["75W", "90W"], "Cable Length": ["4m", "5.5m"], Programs: ["3", "4"] },
    feature: "Smart Glass Cleaning Robot with Spray and App Control",
  },
];

/** Handmade goods for etsy; brands are shop names. */
export const HANDMADE_TEMPLATES: ProductTemplate[] = [
  {
    noun: "Ceramic Mug",
    path: ["Home & Living", "Kitchen & Dining", "Drink & Barware", "Mugs"],
    price: 28,
    brands: [],
    specs: {
      Material: ["Stoneware", "Porcelain"],
      Capacity: ["12 oz", "16 oz"],
      Finish: ["Speckled glaze", "Matte glaze"],
    },
    feature: "Handmade Pottery Coffee Cup",
    variants: { dimension: "Glaze", values: ["Speckled White", "Ocean Blue", "Sage Green"], step: 0 },
  },
  {
    noun: "Leather Wallet",
    path: ["Bags & Purses", "Wallets & Money Clips", "Wallets"],
    price: 45,
    brands: [],
    specs: {
      Material: ["Full grain leather"],
      Closure: ["Bifold", "Card sleeve"],
      Personalization: ["Initials available"],
    },
    feature: "Personalized Minimalist Gift for Him",
    variants: { dimension: "Color", values: ["Tan", "Dark Brown", "Black"], step: 0 },
  },
  {
    noun: "Knitted Scarf",
    path: ["Accessories", "Scarves & Wraps", "Scarves"],
    price: 38,
    brands: [],
    specs: { Material: ["Merino wool", "Alpaca blend"], Length: ["180 cm", "200 cm"], Care: ["Hand wash"] },
    feature: "Chunky Hand Knit Winter Wrap",
  },
  {
    noun: "Sterling Silver Ring",
    path: ["Jewelry", "Rings", "Bands"],
    price: 32,
    brands: [],
    specs: { Material: ["925 Sterling silver"], Width: ["2 mm", "4 mm"], Finish: ["Hammered", "Polished"] },
    feature: "Dainty Stacking Band",
    variants: { dimension: "Ring size", values: ["US 5", "US 6", "US 7", "US 8"], step: 0 },
  },
  {
    noun: "Wooden Cutting Board",
    path: ["Home & Living", "Kitchen & Dining", "Serveware", "Cutting Boards"],
    price: 55,
    brands: [],
    specs: { Wood: ["Walnut", "Maple", "Cherry"], Size: ["12 x 8 in", "16 x 10 in"], Finish: ["Food-safe oil"] },
    feature: "Engraved Housewarming Gift",
    variants: { dimension: "Size", values: ["Small", "Medium", "Large"], step: 15 },
  },
  {
    noun: "Soy Scented Candle",
    path: ["Home & Living", "Home Decor", "Candles & Holders", "Candles"],
    price: 22,
    brands: [],
    specs: { Wax: ["Soy wax"], "Burn Time": ["40 hours", "60 hours"], Scent: ["Lavender", "Cedar & Sage", "Fig"] },
    feature: "Hand Poured Gift Candle in Amber Jar",
    variants: { dimension: "Size", values: ["8 oz", "12 oz"], step: 8 },
  },
  {
    noun: "Macrame Wall Hanging",
    path: ["Home & Living", "Home Decor", "Wall Hangings"],
    price: 48,
    brands: [],
    specs: { Material: ["Cotton cord"], Width: ["50 cm", "70 cm"], Rod: ["Driftwood", "Oak dowel"] },
    feature: "Boho Woven Tapestry",
  },
  {
    noun: "Name Necklace",
    path: ["Jewelry", "Necklaces", "Pendants"],
    price: 36,
    brands: [],
    specs: {
      Material: ["Gold filled", "Sterling silver"],
      "Chain Length": ["16 in", "18 in"],
      Personalization: ["Up to 10 letters"],
    },
    feature: "Personalized Custom Name Pendant",
    variants: { dimension: "Material", values: ["Silver", "Gold", "Rose Gold"], step: 6 },
  },
  {
    noun: "Linen Tea Towel",
    path: ["Home & Living", "Kitchen & Dining", "Linens", "Tea Towels"],
    price: 18,
    brands: [],
    specs: { Material: ["Stonewashed linen"], Size: ["45 x 65 cm"], Care: ["Machine wash"] },
    feature: "Natural Kitchen Hand Towel",
  },
  {
    noun: "Watercolor Print",
    path: ["Art & Collectibles", "Prints", "Giclée"],
    price: 25,
    brands: [],
    specs: { Medium: ["Giclée on cotton paper"], Orientation: ["Portrait", "Landscape"], Framing: ["Unframed"] },
    feature: "Botanical Wall Art",
    variants: { dimension: "Size", values: ["A5", "A4", "A3"], step: 10 },
  },
  {
    noun: "Beeswax Food Wraps",
    path: ["Home & Living", "Kitchen & Dining", "Food Storage"],
    price: 19,
    brands: [],
    specs: { Material: ["Organic cotton", "Beeswax"], Pieces: ["3", "5"], Care: ["Cool water wash"] },
    feature: "Reusable Plastic-Free Set",
  },
  {
    noun: "Crochet Plant Hanger",
    path: ["Home & Living", "Home Decor", "Planters & Pots"],
    price: 16,
    brands: [],
    specs: { Material: ["Recycled cotton"], Length: ["90 cm", "110 cm"], "Pot Size": ["Up to 15 cm"] },
    feature: "Boho Hanging Planter",
  },
];

export const ETSY_SHOPS = [
  "OakAndIvyStudio",
  "LunaClayWorks",
  "NorthKnitCo",
  "SilverFernJewels",
  "TimberAndTwine",
  "WickAndWaxHouse",
];

export const FIRST_NAMES = [
  "Alex",
  "Jordan",
  "Sam",
  "Taylor",
  "Morgan",
  "Chris",
  "Jamie",
  "Pat",
  "Robin",
  "Casey",
  "Dana",
  "Lee",
  "Niamh",
  "Luca",
  "Sofia",
  "Mateo",
  "Emma",
  "Noah",
  "Aoife",
  "Jonas",
];
export const LAST_INITIALS = ["B.", "C.", "D.", "F.", "G.", "H.", "K.", "M.", "O'N.", "R.", "S.", "T.", "W."];
