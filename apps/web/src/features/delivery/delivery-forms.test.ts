/**
 * The delivery forms' pure rules (docs/delivery-slots.md): what Add zone and Add slot send, checked
 * by the same zod schemas the server uses, and where a refusal's problems land on the forms.
 */
import { describe, expect, it } from 'vitest';
import { DeliveryZoneInput, SLOT_WINDOW_MESSAGE, SlotTemplateInput } from '@shop/schema';
import { fieldErrors } from '../../lib/form-errors';
import { prefixesLabel, templateLabel } from './components/delivery-text';
import { templateFormErrors, toTemplateFields } from './components/slot-template-form-dialog';
import { toZoneBody } from './components/zone-form-dialog';

const ZONE = '7d9f5a52-2f43-4a59-9d43-3a7f6f0a2b11';
const slot = { weekday: '2', start: '06:10', end: '07:50', capacity: 7, cutoffHours: '1', deliveryFee: '' };

describe('zone form', () => {
  it('sends the listed prefixes, split on commas and lines, and "" for every postal code', () => {
    expect(toZoneBody({ name: 'North', prefixes: ' 627, 62801\n\n sw1a ,', everyCode: false })).toEqual({
      name: 'North',
      postalPrefixes: ['627', '62801', 'sw1a'],
    });
    expect(toZoneBody({ name: 'All', prefixes: '', everyCode: true }).postalPrefixes).toEqual(['']);
  });

  it('needs a name and at least one prefix, named on the form’s fields', () => {
    const checked = DeliveryZoneInput.safeParse(toZoneBody({ name: ' ', prefixes: '', everyCode: false }));
    expect(checked.success).toBe(false);
    const rename = (key: string) => (key === 'postalPrefixes' ? 'prefixes' : key);
    expect(Object.keys(fieldErrors(checked.error!.issues, rename)).sort()).toEqual(['name', 'prefixes']);
  });

  it('puts the server’s issues on the fields, the first message per field', () => {
    expect(
      fieldErrors([
        { path: 'postalPrefixes.1', message: 'a postal prefix has at most 20 characters' },
        { path: 'postalPrefixes.2', message: 'second' },
      ]),
    ).toEqual({ postalPrefixes: 'a postal prefix has at most 20 characters' });
  });
});

describe('slot form', () => {
  it('sends numbers, the fee with two decimals, and null for the shop default', () => {
    expect(toTemplateFields({ ...slot, deliveryFee: '4.5' })).toEqual({
      weekday: 2,
      start: '06:10',
      end: '07:50',
      capacity: 7,
      cutoffHours: 1,
      deliveryFee: '4.50',
    });
    expect(toTemplateFields(slot).deliveryFee).toBeNull();
    expect(SlotTemplateInput.safeParse({ ...toTemplateFields(slot), zoneId: ZONE }).success).toBe(true);
  });

  it('refuses an end before the start, an empty capacity and a fee that is not an amount, on their fields', () => {
    expect(templateFormErrors({ ...slot, end: '05:00', capacity: '', deliveryFee: 'free' }, ZONE)).toEqual({
      end: SLOT_WINDOW_MESSAGE,
      capacity: 'capacity must be a whole number',
      deliveryFee: 'Must be an amount with 2 decimals, like 12.50',
    });
    expect(templateFormErrors({ ...slot, end: '06:10' }, ZONE)).toEqual({ end: 'end must be after start' });
    expect(templateFormErrors({ ...slot, capacity: 100_001, cutoffHours: '1.5' }, ZONE)).toEqual({
      capacity: 'capacity is at most 100000 orders',
      cutoffHours: 'cutoffHours must be a whole number',
    });
  });

  it('words a slot and a zone’s postal codes as the screen does', () => {
    expect(templateLabel({ weekday: 0, start: '09:00', end: '12:00' })).toBe('Sunday 09:00–12:00');
    expect(prefixesLabel(['', '627'])).toBe('every postal code, 627…');
  });
});
