// Word lists the demo data is built from. Names are combinations of these words, so a
// substring search has a known share of matches (SEARCH_TERMS); keep those terms out of every
// other word here, or their shares change.

/**
 * Search terms with a known share of the seeded rows, for benchmarks and tests. Each matches
 * case-insensitively as a substring (the API's name / brandName / email filters), and nowhere
 * else than where the generator puts it on purpose. Of every 200 consecutive rows seeded,
 * exactly 1 (0.5%) carries the selective term, 10 (5%) the medium one and 50 (25%) the broad
 * one, at random places within those 200 (see Deck in generate.ts).
 */
export const SEARCH_TERMS = {
  /** Product `name`: item "Tigernut Drink"; quality "Premium"; format "Package". */
  productName: { selective: 'tigernut', medium: 'premium', broad: 'package' },
  /** Provider `brandName`: first word "Sapphire"; first word "Royal"; suffix "Ventures". */
  brandName: { selective: 'sapphire', medium: 'royal', broad: 'ventures' },
  /** Provider `email` (email_key): domain proton.me; outlook.com; gmail.com. */
  email: { selective: 'proton', medium: 'outlook', broad: 'gmail' },
} as const

/** Rows per block, and how many rows of each block carry each tier's term. */
export const BLOCK = 200
export const PER_BLOCK = { selective: 1, medium: 10, broad: 50 } as const

/** A list written as comma-separated words over several lines. */
function words(text: string): string[] {
  return text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '')
}

export interface Sector {
  /** Top-level product category. */
  name: string
  /** Second-level product categories. */
  subcategories: string[]
  /** Things sold, the middle of a product name. */
  items: string[]
  /** How they are sold, the end of a product name (besides the broad "Package"). */
  formats: string[]
  /** Top-level provider category and the trades under it. */
  trade: string
  trades: string[]
  /** The middle word of a brand name. */
  brandWord: string
}

// Twenty sectors: each category tree has up to one top-level category per sector, and a
// provider and its products belong to one sector.
export const SECTORS: Sector[] = [
  {
    name: 'Food & Catering',
    trade: 'Caterers & Cooks',
    brandWord: 'Kitchen',
    subcategories: words(`
      Rice Dishes, Soups & Swallow, Small Chops, Grills & Suya, Pastries, Drinks & Smoothies,
      Party Trays, Meal Plans, Local Delicacies, Desserts, Continental Dishes, Seafood
    `),
    trades: words(`
      Event Caterers, Home Cooks, Bakers, Grill Masters, Drink Makers, Meal Preppers
    `),
    items: words(`
      Jollof Rice, Fried Rice, Ofada Rice, Egusi Soup, Pounded Yam, Small Chops, Suya, Asun,
      Peppered Snail, Moi Moi, Meat Pie, Chin Chin, Puff-Puff, Zobo, Fruit Salad, Chapman
    `),
    formats: words(`
      Tray, Platter, Cooler, Combo, Box, Bowl
    `),
  },
  {
    name: 'Events & Parties',
    trade: 'Event Services',
    brandWord: 'Events',
    subcategories: words(`
      Decoration, Event Planning, Rentals, Ushers & Hosts, Venues, Cakes, Souvenirs, Lighting,
      Sound & Stage, Balloons, Invitations, Security
    `),
    trades: words(`
      Event Planners, Decorators, Rental Companies, Usher Agencies, Venue Owners, Cake Designers
    `),
    items: words(`
      Wedding Decor, Birthday Setup, Canopy Rental, Chair Rental, Balloon Arch, Red Carpet,
      Ushering, Stage Lighting, Backdrop, Table Styling, Souvenir Pack, Cake Stand
    `),
    formats: words(`
      Setup, Rental, Hire, Bundle, Day Plan
    `),
  },
  {
    name: 'Beauty & Personal Care',
    trade: 'Beauty Professionals',
    brandWord: 'Beauty',
    subcategories: words(`
      Hair Styling, Braids & Locs, Makeup, Nails, Skin Care, Barbering, Spa, Lashes & Brows,
      Bridal Beauty, Fragrances, Wigs, Grooming
    `),
    trades: words(`
      Hair Stylists, Makeup Artists, Nail Technicians, Barbers, Spa Therapists, Lash Artists
    `),
    items: words(`
      Knotless Braids, Bridal Makeup, Gel Manicure, Pedicure, Facial, Haircut, Beard Trim,
      Lash Extensions, Wig Install, Body Massage, Brow Lamination, Cornrows
    `),
    formats: words(`
      Session, Appointment, Home Visit, Treatment
    `),
  },
  {
    name: 'Fashion & Tailoring',
    trade: 'Fashion Makers',
    brandWord: 'Stitches',
    subcategories: words(`
      Native Wear, Suits, Aso Ebi, Alterations, Bridal Wear, Kids Wear, Accessories, Footwear,
      Bags, Ankara Styles, Uniforms, Embroidery
    `),
    trades: words(`
      Tailors, Fashion Designers, Shoemakers, Gele Stylists, Bag Makers, Embroiderers
    `),
    items: words(`
      Agbada, Kaftan, Aso Ebi Gown, Two-Piece Suit, Ankara Dress, Gele Tying, Trouser Hemming,
      School Uniform, Leather Sandals, Beaded Bag, Senator Outfit, Iro and Buba
    `),
    formats: words(`
      Sewing, Order, Fitting, Set
    `),
  },
  {
    name: 'Home Services',
    trade: 'Home Technicians',
    brandWord: 'Homes',
    subcategories: words(`
      Plumbing, Electrical, Carpentry, Painting, Pest Control, Gardening, Interior Design,
      Furniture, Solar & Inverters, Water Treatment, Roofing, Tiling
    `),
    trades: words(`
      Plumbers, Electricians, Carpenters, Painters, Fumigators, Gardeners
    `),
    items: words(`
      Leak Repair, House Wiring, Wardrobe Build, Wall Painting, Fumigation, Lawn Mowing,
      Curtain Fitting, Sofa Upholstery, Inverter Install, Borehole Service, Roof Repair,
      Floor Tiling
    `),
    formats: words(`
      Job, Service, Visit, Plan
    `),
  },
  {
    name: 'Cleaning',
    trade: 'Cleaners',
    brandWord: 'Cleaners',
    subcategories: words(`
      House Cleaning, Office Cleaning, Laundry, Dry Cleaning, Carpet Cleaning, Post-Construction,
      Window Cleaning, Upholstery Cleaning, Tank Cleaning, Car Interior, Disinfection,
      Waste Disposal
    `),
    trades: words(`
      House Cleaners, Office Cleaners, Laundry Services, Dry Cleaners, Carpet Cleaners,
      Fumigation Crews
    `),
    items: words(`
      Deep Clean, Move-Out Clean, Laundry Pickup, Duvet Wash, Rug Shampoo, Window Wash, Tank Wash,
      Office Clean, Sofa Shampoo, Disinfection, Kitchen Degrease, Bin Service
    `),
    formats: words(`
      Visit, Service, Plan, Job
    `),
  },
  {
    name: 'Repairs & Maintenance',
    trade: 'Repairers',
    brandWord: 'Fixers',
    subcategories: words(`
      Phones, Laptops, Appliances, Air Conditioning, Generators, TV & Audio, Watches, Locks & Keys,
      Furniture Repair, Welding, Refrigeration, Shoe Repair
    `),
    trades: words(`
      Phone Repairers, AC Technicians, Generator Mechanics, Welders, Appliance Repairers,
      Locksmiths
    `),
    items: words(`
      Screen Replacement, Battery Swap, AC Servicing, Generator Tune-Up, Fridge Repair,
      TV Mounting, Lock Change, Gate Welding, Washer Repair, Laptop Repair, Watch Battery,
      Shoe Resole
    `),
    formats: words(`
      Repair, Service, Job, Check
    `),
  },
  {
    name: 'Building & Construction',
    trade: 'Builders',
    brandWord: 'Builders',
    subcategories: words(`
      Bricklaying, Architecture, Surveying, Plastering, POP Ceilings, Interlocking, Fencing,
      Scaffolding, Building Materials, Steel Works, Drainage, Landscaping
    `),
    trades: words(`
      Masons, Architects, Surveyors, POP Installers, Fencing Contractors, Material Suppliers
    `),
    items: words(`
      Block Laying, POP Ceiling, Interlocking Tiles, Perimeter Fence, Site Survey, Building Plan,
      Screeding, Steel Gate, Drainage Work, Sand Delivery, Granite Delivery, Plastering
    `),
    formats: words(`
      Job, Contract, Quote, Delivery
    `),
  },
  {
    name: 'Automotive',
    trade: 'Auto Services',
    brandWord: 'Autos',
    subcategories: words(`
      Car Wash, Mechanics, Car Hire, Towing, Tyres, Car Detailing, Auto Electrics, Panel Beating,
      Spare Parts, Driving Lessons, Vehicle Papers, Car Tracking
    `),
    trades: words(`
      Mechanics, Car Washers, Car Hire Firms, Towing Firms, Vulcanizers, Auto Electricians
    `),
    items: words(`
      Car Wash, Oil Change, Wheel Alignment, Towing, Tyre Change, Full Detailing, AC Regas,
      Panel Beating, Brake Pads, Driving Lesson, Vehicle Papers, Tracker Install
    `),
    formats: words(`
      Service, Job, Visit, Check
    `),
  },
  {
    name: 'Health & Wellness',
    trade: 'Health Workers',
    brandWord: 'Care',
    subcategories: words(`
      Home Nursing, Physiotherapy, Nutrition, Lab Tests, Dental, Eye Care, Mental Health,
      Elderly Care, Maternity, Pharmacy Delivery, First Aid, Herbal Care
    `),
    trades: words(`
      Nurses, Physiotherapists, Nutritionists, Lab Technicians, Counsellors, Caregivers
    `),
    items: words(`
      Home Nursing, Physio Session, Diet Plan, Blood Test, Teeth Cleaning, Eye Test, Counselling,
      Elder Care, Antenatal Class, Drug Delivery, First Aid Class, Wellness Check
    `),
    formats: words(`
      Session, Visit, Plan, Appointment
    `),
  },
  {
    name: 'Fitness & Sports',
    trade: 'Fitness Coaches',
    brandWord: 'Fitness',
    subcategories: words(`
      Personal Training, Yoga, Dance Classes, Martial Arts, Swimming, Football Coaching,
      Gym Equipment, Boot Camps, Tennis, Aerobics, Cycling, Sports Kits
    `),
    trades: words(`
      Personal Trainers, Yoga Teachers, Dance Instructors, Swim Coaches, Football Coaches,
      Gym Owners
    `),
    items: words(`
      Personal Training, Yoga Class, Zumba Class, Taekwondo Class, Swimming Lesson,
      Football Clinic, Treadmill Rental, Boot Camp, Tennis Lesson, Aerobics Class, Bike Rental,
      Jersey Printing
    `),
    formats: words(`
      Session, Class, Plan, Course
    `),
  },
  {
    name: 'Education & Tutoring',
    trade: 'Teachers & Tutors',
    brandWord: 'Academy',
    subcategories: words(`
      Home Lessons, Exam Prep, Languages, Coding, Music Lessons, Adult Literacy, Vocational Skills,
      Test Coaching, Early Years, Science Tutoring, Arts & Crafts, Study Abroad
    `),
    trades: words(`
      Home Tutors, Exam Coaches, Language Teachers, Coding Instructors, Music Teachers,
      Admission Advisers
    `),
    items: words(`
      Maths Lesson, WAEC Prep, JAMB Prep, French Lesson, Yoruba Lesson, Coding Class, Piano Lesson,
      Guitar Lesson, IELTS Coaching, Phonics Class, Physics Lesson, Admission Advice
    `),
    formats: words(`
      Class, Course, Session, Term
    `),
  },
  {
    name: 'Photography & Video',
    trade: 'Photographers',
    brandWord: 'Studios',
    subcategories: words(`
      Wedding Photography, Portraits, Event Coverage, Drone Shots, Product Photos, Video Editing,
      Photo Booths, Live Streaming, Studio Hire, Prints & Frames, Documentaries, Music Videos
    `),
    trades: words(`
      Wedding Photographers, Videographers, Drone Pilots, Photo Editors, Studio Owners, Streamers
    `),
    items: words(`
      Wedding Shoot, Portrait Shoot, Event Coverage, Drone Footage, Product Shoot, Video Edit,
      Photo Booth, Live Stream, Studio Hire, Photo Album, Documentary, Music Video
    `),
    formats: words(`
      Session, Coverage, Shoot, Edit
    `),
  },
  {
    name: 'Music & Entertainment',
    trade: 'Entertainers',
    brandWord: 'Sounds',
    subcategories: words(`
      DJs, Live Bands, MCs & Comedians, Dancers, Sound Hire, Kids Entertainment, Talking Drummers,
      Saxophonists, Gospel Choirs, Magicians, Karaoke, Fuji & Juju
    `),
    trades: words(`
      DJs, Bands, MCs, Dancers, Sound Engineers, Kids Entertainers
    `),
    items: words(`
      DJ Set, Live Band, MC Hosting, Comedy Act, Dance Troupe, Sound System, Bouncy Castle,
      Talking Drum, Saxophone Act, Choir Ministration, Magic Show, Karaoke Night
    `),
    formats: words(`
      Booking, Show, Act, Night
    `),
  },
  {
    name: 'Technology & IT',
    trade: 'Tech Services',
    brandWord: 'Tech',
    subcategories: words(`
      Web Design, App Development, Networking, CCTV, Computer Setup, Data Recovery, Cloud Services,
      IT Support, Smart Homes, Cyber Security, Software Training, Hosting
    `),
    trades: words(`
      Web Designers, App Developers, Network Engineers, CCTV Installers, IT Support Firms,
      Trainers
    `),
    items: words(`
      Website Build, Mobile App, Wi-Fi Setup, CCTV Install, Laptop Setup, Data Recovery,
      Email Setup, IT Support, Smart Lock, Security Audit, Excel Training, Web Hosting
    `),
    formats: words(`
      Project, Service, Plan, Setup
    `),
  },
  {
    name: 'Printing & Branding',
    trade: 'Printers',
    brandWord: 'Prints',
    subcategories: words(`
      Business Cards, Banners, T-Shirt Printing, Signage, Flyers, Packaging Design, Logo Design,
      Branded Gifts, Large Format, Stickers, Books & Binding, Calendars
    `),
    trades: words(`
      Printers, Graphic Designers, Sign Makers, Branding Agencies, Binders, Sticker Makers
    `),
    items: words(`
      Business Cards, Roll-Up Banner, T-Shirt Print, Shop Signage, Flyer Print, Logo Design,
      Branded Mugs, Vinyl Sticker, Book Binding, Wall Calendar, Label Print, Brochure Print
    `),
    formats: words(`
      Print Run, Order, Batch, Design
    `),
  },
  {
    name: 'Logistics & Delivery',
    trade: 'Logistics Firms',
    brandWord: 'Logistics',
    subcategories: words(`
      Dispatch Riders, Moving, Haulage, Courier, Warehousing, Errands, Interstate Delivery,
      Food Delivery, Cold Chain, Freight, Packaging, Bus Hire
    `),
    trades: words(`
      Dispatch Riders, Movers, Haulers, Couriers, Warehouse Owners, Errand Runners
    `),
    items: words(`
      Same-Day Dispatch, House Move, Truck Haulage, Parcel Courier, Storage Space, Errand Run,
      Interstate Delivery, Meal Delivery, Cold Delivery, Cargo Clearing, Bubble Wrapping, Bus Hire
    `),
    formats: words(`
      Trip, Delivery, Run, Service
    `),
  },
  {
    name: 'Travel & Tours',
    trade: 'Travel Agents',
    brandWord: 'Travels',
    subcategories: words(`
      Flight Booking, Hotels, Visa Help, City Tours, Airport Pickup, Beach Trips, Pilgrimages,
      Shortlets, Car & Driver, Honeymoons, Safari, Travel Insurance
    `),
    trades: words(`
      Travel Agents, Tour Guides, Visa Consultants, Shortlet Hosts, Drivers, Hoteliers
    `),
    items: words(`
      Flight Booking, Hotel Booking, Visa Assistance, City Tour, Airport Pickup, Beach Trip,
      Pilgrimage Trip, Shortlet Stay, Car and Driver, Honeymoon Trip, Park Safari, Travel Cover
    `),
    formats: words(`
      Trip, Booking, Tour, Stay
    `),
  },
  {
    name: 'Agriculture',
    trade: 'Farmers',
    brandWord: 'Farms',
    subcategories: words(`
      Poultry, Fish Farming, Crop Farming, Farm Produce, Livestock, Agro Inputs, Farm Equipment,
      Vet Services, Snail Farming, Bee Keeping, Greenhouses, Agro Consulting
    `),
    trades: words(`
      Poultry Farmers, Fish Farmers, Crop Farmers, Livestock Farmers, Agro Dealers, Vets
    `),
    items: words(`
      Live Chickens, Crate of Eggs, Catfish, Yam Tubers, Fresh Tomatoes, Goat, Fertiliser,
      Tractor Hire, Vet Visit, Giant Snails, Raw Honey, Farm Setup
    `),
    formats: words(`
      Crate, Basket, Bag, Delivery
    `),
  },
  {
    name: 'Pets',
    trade: 'Pet Services',
    brandWord: 'Pets',
    subcategories: words(`
      Pet Grooming, Dog Training, Pet Sitting, Pet Food, Vet Clinics, Kennels, Aquariums,
      Pet Accessories, Pet Transport, Bird Care, Cat Care, Adoption
    `),
    trades: words(`
      Groomers, Dog Trainers, Pet Sitters, Pet Shops, Vet Clinics, Kennel Owners
    `),
    items: words(`
      Dog Grooming, Obedience Training, Pet Sitting, Dog Food, Pet Vaccination, Kennel Stay,
      Aquarium Setup, Pet Collar, Pet Taxi, Bird Cage, Cat Litter, Puppy Adoption
    `),
    formats: words(`
      Session, Visit, Bag, Stay
    `),
  },
]

/** Third-level category names are "<qualifier> <second-level name>". */
export const QUALIFIERS = words(`
  Budget, Express, Bulk, Corporate, Wedding, Kids', Home, Mobile, Weekend, Luxury, Eco-friendly,
  Traditional, Modern, Organic, Custom, 24-hour, Same-day, Seasonal, Student, Family, Executive,
  Festive, Classic, Mini, Mega, Outdoor, Indoor, Quick, Standard, Starter, Pro, Holiday, Church,
  Campus
`)

/** The first word of a product name, besides "Premium" (the medium search term). */
export const MEDIUM_QUALITY = 'Premium'
export const QUALITIES = words(`
  Classic, Budget, Deluxe, Family, Party, Executive, Mini, Signature, Express, Homemade, Standard,
  Special, Superior, Basic, Grand, Elite, Golden, Everyday, Festive
`)

/** The rare product item (the selective term); it belongs to no sector. */
export const RARE_ITEM = 'Tigernut Drink'

/** The broad product format. */
export const BROAD_FORMAT = 'Package'

/** The first word of a brand name, besides "Sapphire" and "Royal" (selective, medium). */
export const RARE_BRAND_START = 'Sapphire'
export const MEDIUM_BRAND_START = 'Royal'
export const BRAND_STARTS = words(`
  Golden, Grace, Divine, Kings, Sunshine, Crystal, Evergreen, Favour, Heritage, Jewel, Liberty,
  Mercy, Oasis, Pinnacle, Silverline, Treasure, Unity, Victory, Wisdom
`)

/** The last word of a brand name, besides "Ventures" (the broad term). */
export const BRAND_SUFFIXES = words(`
  Enterprises, Services, Ltd, & Co, Hub, Concepts, Global, Nigeria, Works, Limited, Solutions,
  Empire, Place, Collective
`)
export const BROAD_BRAND_SUFFIX = 'Ventures'

export const FIRST_NAMES = words(`
  Adaeze, Chinedu, Ngozi, Emeka, Funmilayo, Tunde, Aisha, Ibrahim, Yetunde, Olumide, Chiamaka,
  Segun, Zainab, Babatunde, Ifeoma, Musa, Bukola, Obinna, Halima, Kelechi, Temitope, Uche, Amina,
  Femi, Nkechi, Usman, Bisola, Ikenna, Hauwa, Damilola, Chidi, Folake, Yusuf, Ebere, Kunle, Fatima,
  Nnamdi, Titilayo, Sani, Oluchi
`)

export const LAST_NAMES = words(`
  Okafor, Adeyemi, Bello, Okonkwo, Balogun, Abubakar, Eze, Ogunleye, Nwosu, Mohammed, Adebayo, Obi,
  Lawal, Chukwu, Olawale, Danjuma, Onyeka, Afolabi, Yakubu, Nwachukwu, Oyelaran, Ibekwe, Salami,
  Uzor, Akande, Garba, Okeke, Fashola, Ndukwe, Aliyu
`)

/** [state, its cities]. */
export const PLACES: Array<[string, string[]]> = [
  ['Lagos', ['Ikeja', 'Lekki', 'Surulere', 'Yaba', 'Ikorodu', 'Victoria Island', 'Ajah', 'Festac']],
  ['FCT', ['Garki', 'Wuse', 'Maitama', 'Gwarinpa', 'Kubwa', 'Asokoro']],
  ['Rivers', ['Port Harcourt', 'Obio-Akpor', 'Bonny']],
  ['Oyo', ['Ibadan', 'Ogbomoso', 'Oyo']],
  ['Kano', ['Kano', 'Wudil']],
  ['Enugu', ['Enugu', 'Nsukka']],
  ['Kaduna', ['Kaduna', 'Zaria']],
  ['Anambra', ['Awka', 'Onitsha', 'Nnewi']],
  ['Ogun', ['Abeokuta', 'Ijebu-Ode', 'Sagamu']],
  ['Delta', ['Asaba', 'Warri']],
  ['Edo', ['Benin City', 'Auchi']],
  ['Kwara', ['Ilorin', 'Offa']],
]

export const STREETS = words(`
  Allen Avenue, Adeola Odeku Street, Awolowo Road, Herbert Macaulay Way, Ahmadu Bello Way,
  Aminu Kano Crescent, Ogui Road, Aba Road, Ring Road, Bode Thomas Street, Admiralty Way,
  Isaac John Street, Toyin Street, Opebi Road, Obafemi Awolowo Way, Market Road, Church Street,
  Station Road
`)

export const ADDRESS_LINE2 = [
  'Suite 4',
  'Block C, Flat 2',
  'Second Floor',
  'Shop 12',
  'Off the main road',
  'Behind the filling station',
  'Unit 7',
  'Plaza Annex',
]

/** The email domains that are search terms: proton.me, outlook.com, gmail.com. */
export const EMAIL_TIERS = { selective: 'proton.me', medium: 'outlook.com', broad: 'gmail.com' }
/** The other domains, [domain, share of the rest]. */
export const OTHER_EMAIL_DOMAINS: Array<[string, number]> = [
  ['yahoo.com', 0.45],
  ['hotmail.com', 0.25],
  ['icloud.com', 0.1],
  ['mail.ng', 0.2],
]

export const ABOUT_SENTENCES = [
  'Serving happy customers since 2015.',
  'We arrive on time and clean up after ourselves.',
  'Family-run, fully registered and insured.',
  'Weekend and public holiday bookings welcome.',
  'Bulk and corporate orders get a discount.',
  'Our team is trained and background-checked.',
  'Call or send a message to book a visit.',
  'We cover the whole state and nearby towns.',
]

export const DESCRIPTION_SENTENCES = [
  'Prepared fresh on the day and handled with care.',
  'Price covers materials and labour within the city.',
  'Book at least two days ahead for weekends.',
  'Includes a follow-up call to make sure you are happy.',
  'Extra charges apply outside the delivery area.',
  'Popular for birthdays, weddings and office events.',
  'Customisable on request; ask for a quote.',
  'Our most requested option, delivered on schedule.',
]
