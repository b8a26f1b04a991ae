/**
 * A freelancer's profile (user 7) as GET /account/{id} answers it, with nothing filled in but
 * the name and address `over` gives (and any other field it names). A new object each call.
 */
export const freelancerProfile = <T extends object>(over: T) => ({
  id: 7,
  roleLabel: 'Freelancer',
  phone: '',
  country: 'GB',
  timezone: 'Europe/London',
  onboardingState: 'complete',
  isFreelancer: true,
  gender: '',
  genderOther: '',
  location: { location_name: '' },
  cv: '',
  showreel: '',
  linkedin: '',
  imdb: '',
  personalWebsite: '',
  businessType: '',
  dayRate: null,
  preferredSupplierId: null,
  skills: [],
  job_titles: [],
  entities: [],
  departments: [],
  isBookmarked: false,
  isFollowed: false,
  profile_image_url: '',
  ...over,
});
