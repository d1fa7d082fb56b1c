/** The Hong Kong address the address tests use; each test adds its province, default flag and the rest. */
export const hongKongAddress = {
  firstName: 'Chan',
  lastName: 'Tai Man',
  company: '',
  address: '1 Nathan Road',
  address2: 'Flat 12A',
  country: 'HK',
  postalCode: '',
  phoneCode: '+852',
  city: 'Tsim Sha Tsui',
  phone: '5123 4567',
};
