import { describe, expect, it } from 'vitest';
import { formatAddress } from './address-format';
import {
  OUTSIDE_DELIVERY_AREA,
  postcodeReadText,
  prefixCoversPostalCode,
  zoneForPostalCode,
} from './delivery-rules';
import { countryCodeOf, normalizePostcode, postalCodeOf, readPostcode } from './postcodes';

describe('countries as addresses name them', () => {
  it.each([
    ['US', 'US'],
    ['U.S.A.', 'US'],
    ['United States', 'US'],
    ['uk', 'GB'],
    ['United Kingdom', 'GB'],
    ['England', 'GB'],
    ['GB', 'GB'],
    ['Canada', 'CA'],
    ['the Netherlands', 'NL'],
    ['Nederland', 'NL'],
    ['Deutschland', 'DE'],
    ['de', 'DE'],
    ['FR', 'FR'],
  ])('%s → %s', (name, code) => {
    expect(countryCodeOf(name)).toBe(code);
  });

  it.each(['Narnia', 'XX', '', 'Springfield'])('%j is no country it knows', (name) => {
    expect(countryCodeOf(name)).toBeNull();
  });
});

describe('a postcode in its written form', () => {
  it.each([
    ['SW1A 2AA', 'GB', 'SW1A 2AA'],
    ['sw1a2aa', 'GB', 'SW1A 2AA'],
    ['  Sw1A   2aA ', 'UK', 'SW1A 2AA'],
    ['M1 1AE', 'GB', 'M1 1AE'],
    ['ec1a1bb', 'GB', 'EC1A 1BB'],
    ['K1A 0A2', 'CA', 'K1A 0A2'],
    ['k1a0a2', 'Canada', 'K1A 0A2'],
    ['1012 JS', 'NL', '1012 JS'],
    ['1012js', 'NL', '1012 JS'],
    ['10115', 'DE', '10115'],
    ['62701', 'US', '62701'],
    ['62701-1234', 'US', '62701-1234'],
    ['62701 1234', 'US', '62701-1234'],
  ])('%j in %s → %s', (code, country, written) => {
    expect(normalizePostcode(code, country)).toBe(written);
  });

  it.each([
    ['2AA', 'GB'],
    ['SW1A', 'GB'],
    ['0A2', 'CA'],
    ['JS', 'NL'],
    ['1011', 'DE'],
    ['6270', 'US'],
    ['SW1A 2AA', 'US'],
    ['62701', 'Narnia'],
  ])('%j is not a postcode of %s', (code, country) => {
    expect(normalizePostcode(code, country)).toBeNull();
  });
});

describe('the postcode of an address', () => {
  const saved = (zipCode: string, country: string, state = 'State') =>
    formatAddress({ street: '10 High Street', city: 'Town', state, zipCode, country });

  it.each([
    // Saved addresses: the zip code field, where formatAddress writes it, by the address's country.
    [saved('SW1A 2AA', 'United Kingdom', 'Greater London'), 'SW1A 2AA', 'GB'],
    [saved('sw1a 2aa', 'GB', 'London'), 'SW1A 2AA', 'GB'],
    [saved('K1A 0A2', 'Canada', 'ON'), 'K1A 0A2', 'CA'],
    [saved('1012 JS', 'Netherlands', 'Noord-Holland'), '1012 JS', 'NL'],
    [saved('10115', 'Germany', 'Berlin'), '10115', 'DE'],
    [saved('62701', 'US', 'IL'), '62701', 'US'],
    [saved('62701-1234', 'US', 'IL'), '62701-1234', 'US'],
    // Typed addresses, in each country's own order.
    ['10 Downing Street, London SW1A 2AA, United Kingdom', 'SW1A 2AA', 'GB'],
    ['10 Downing Street\nLondon\nSW1A 2AA', 'SW1A 2AA', 'GB'],
    ['24 Sussex Drive, Ottawa ON K1A 0A2', 'K1A 0A2', 'CA'],
    ['Damrak 1, 1012 JS Amsterdam, Netherlands', '1012 JS', 'NL'],
    ['Damrak 1, 1012 JS Amsterdam', '1012 JS', 'NL'],
    ['Invalidenstraße 117, 10115 Berlin, Germany', '10115', 'DE'],
    ['12345 Main St, Springfield, IL 62701', '62701', 'US'],
    ['221B Baker Street, London, NW1 6XE, UK', 'NW1 6XE', 'GB'],
  ])('%j reads %s (%s)', (line, code, country) => {
    expect(readPostcode(line)).toEqual({ code, country });
  });

  it('keeps the rule before formats for a code no format knows: the last word before the country', () => {
    expect(postalCodeOf('9 Prefix Lane, Testville, ST zqabcde7, US')).toBe('ZQABCDE7');
    expect(postalCodeOf('1 Road, Emerald City, OZ 4242, Narnia')).toBe('4242');
  });

  it('finds none in a line without one', () => {
    expect(postalCodeOf('somewhere')).toBeNull();
    expect(postalCodeOf('2 Side St')).toBeNull();
  });
});

describe('zones covering postcodes', () => {
  const zones = [
    { name: 'Westminster', postalPrefixes: ['SW1A'] },
    { name: 'SW1 district', postalPrefixes: ['SW1'] },
    { name: 'East', postalPrefixes: ['E'] },
    { name: 'Ottawa', postalPrefixes: ['K1A'] },
    { name: 'Amsterdam centre', postalPrefixes: ['1012'] },
    { name: 'Berlin Mitte', postalPrefixes: ['101'] },
    { name: 'Springfield', postalPrefixes: ['627'] },
  ];
  const zoneOf = (line: string) => zoneForPostalCode(zones, postalCodeOf(line))?.name ?? null;

  it.each([
    ['10 Downing Street, London SW1A 2AA, UK', 'Westminster'],
    ['1 Victoria St, London SW1H 0ET, UK', 'SW1 district'],
    ['1 Whitechapel Rd, London E1 1AA, UK', 'East'],
    ['24 Sussex Drive, Ottawa, ON K1A 0A2, Canada', 'Ottawa'],
    ['Damrak 1, 1012 JS Amsterdam, Netherlands', 'Amsterdam centre'],
    ['Invalidenstraße 117, 10115 Berlin, Germany', 'Berlin Mitte'],
    ['1 Test Street, Springfield, IL 62701, US', 'Springfield'],
    ['1 Test Street, Springfield, IL 62701-1234, US', 'Springfield'],
  ])('%j is in %s', (line, zone) => {
    expect(zoneOf(line)).toBe(zone);
  });

  it.each([
    // SW19 is Wimbledon, not district SW1; EC1A is the City, not area E.
    '1 Church Rd, London SW19 5AE, UK',
    '1 St Martin’s Le Grand, London EC1A 1BB, UK',
    '5 Far Road, Faraway, NY 10001, US',
  ])('%j is in none of them', (line) => {
    expect(zoneOf(line)).toBeNull();
  });

  it('ends a UK prefix where a part of the outward code ends', () => {
    expect(prefixCoversPostalCode('SW1', 'SW1A2AA')).toBe(true);
    expect(prefixCoversPostalCode('SW1', 'SW191AA')).toBe(false);
    expect(prefixCoversPostalCode('SW', 'SW191AA')).toBe(true);
    expect(prefixCoversPostalCode('S', 'SW191AA')).toBe(false);
    expect(prefixCoversPostalCode('SW1A2', 'SW1A2AA')).toBe(true);
    expect(prefixCoversPostalCode('', 'SW1A2AA')).toBe(true);
    expect(prefixCoversPostalCode('M1', 'M11AE')).toBe(true);
  });
});

describe('checkout outside every zone', () => {
  it('says which postcode it read, or that it found none, after the spec’s message', () => {
    expect(OUTSIDE_DELIVERY_AREA).toBe('This address is outside our delivery area');
    expect(postcodeReadText('SW1A 2AA')).toBe('The postcode we read from this address is SW1A 2AA.');
    expect(postcodeReadText(null)).toBe('We could not find a postcode in this address.');
    expect(postcodeReadText(undefined)).toBe('We could not find a postcode in this address.');
  });
});
