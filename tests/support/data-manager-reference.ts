import { z } from 'zod';

/**
 * The Data Manager API's `events:ingest` request as Google publishes it: the REST reference of
 * IngestEventsRequest, Destination, ProductAccount, Event, AdIdentifiers, UserData,
 * UserIdentifier and Consent (https://developers.google.com/data-manager/api/reference/rest/v1/events/ingest,
 * generated from googleapis/googleapis google/ads/datamanager/v1/*.proto), with the rules the
 * guides add: a Google Ads account id is ten digits without dashes ("Send events"), user
 * identifiers are SHA-256 encoded as the request's `encoding` says ("Format user data"), and an
 * event with neither ad identifiers nor user data is refused (ErrorReason NO_IDENTIFIERS_PROVIDED).
 *
 * The stand-in (sandbox/google-data-manager.ts) refuses what this refuses, and the contract test parses
 * Google's own published examples with it, so a schema that drifts from the reference fails there.
 * Sub-messages the product never sends (device info, cart data, custom variables, encryption) are
 * accepted as objects, as the API accepts them.
 */
const ACCOUNT_TYPES = [
  'ACCOUNT_TYPE_UNSPECIFIED',
  'GOOGLE_ADS',
  'DISPLAY_VIDEO_PARTNER',
  'DISPLAY_VIDEO_ADVERTISER',
  'DATA_PARTNER',
] as const;
const consentStatus = z.enum(['CONSENT_STATUS_UNSPECIFIED', 'CONSENT_GRANTED', 'CONSENT_DENIED']);
/** RFC 3339, as protobuf's JSON mapping writes a Timestamp ("2026-06-15T10:00:00Z", offsets allowed). */
const timestamp = z.iso.datetime({ offset: true });

export const productAccountSchema = z
  .strictObject({
    // Deprecated in favour of accountType; either names the product.
    product: z.enum(ACCOUNT_TYPES).optional(),
    accountType: z.enum(ACCOUNT_TYPES).optional(),
    accountId: z.string().min(1),
  })
  .refine((a) => a.accountType !== undefined || a.product !== undefined, {
    message: 'accountType (or the deprecated product) is required',
    path: ['accountType'],
  })
  .refine((a) => !(a.accountType && a.product) || a.accountType === a.product, {
    message: 'accountType and product must match',
    path: ['product'],
  })
  .refine((a) => (a.accountType ?? a.product) !== 'GOOGLE_ADS' || /^\d{10}$/.test(a.accountId), {
    message: 'a Google Ads account id is 10 digits without dashes',
    path: ['accountId'],
  });

export const destinationSchema = z.strictObject({
  reference: z.string().optional(),
  loginAccount: productAccountSchema.optional(),
  linkedAccount: productAccountSchema.optional(),
  operatingAccount: productAccountSchema,
  productDestinationId: z.string().min(1),
});

export const consentSchema = z.strictObject({
  adUserData: consentStatus.optional(),
  adPersonalization: consentStatus.optional(),
});

const userIdentifierSchema = z
  .strictObject({
    emailAddress: z.string().min(1).optional(),
    phoneNumber: z.string().min(1).optional(),
    address: z
      .strictObject({
        givenName: z.string().min(1),
        familyName: z.string().min(1),
        regionCode: z.string().regex(/^[A-Z]{2}$/, 'ISO-3166-1 alpha-2'),
        postalCode: z.string().min(1),
      })
      .optional(),
  })
  .refine((u) => [u.emailAddress, u.phoneNumber, u.address].filter((v) => v !== undefined).length === 1, {
    message: 'exactly one of emailAddress, phoneNumber, address',
  });

const adIdentifiersSchema = z.strictObject({
  sessionAttributes: z.string().optional(),
  gclid: z.string().optional(),
  gbraid: z.string().optional(),
  wbraid: z.string().optional(),
  landingPageDeviceInfo: z.looseObject({}).optional(),
});

export const eventSchema = z
  .strictObject({
    destinationReferences: z.array(z.string()).optional(),
    transactionId: z.string().min(1),
    eventTimestamp: timestamp,
    lastUpdatedTimestamp: timestamp.optional(),
    userData: z.strictObject({ userIdentifiers: z.array(userIdentifierSchema).min(1).max(10) }).optional(),
    consent: consentSchema.optional(),
    adIdentifiers: adIdentifiersSchema.optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'ISO 4217 code')
      .optional(),
    conversionValue: z.number().finite().optional(),
    eventSource: z.enum(['EVENT_SOURCE_UNSPECIFIED', 'WEB', 'APP', 'IN_STORE', 'PHONE', 'OTHER']).optional(),
    eventDeviceInfo: z.looseObject({}).optional(),
    cartData: z.looseObject({}).optional(),
    customVariables: z.array(z.looseObject({})).optional(),
    experimentalFields: z.array(z.looseObject({})).optional(),
    userProperties: z.looseObject({}).optional(),
  })
  .refine(
    (e) =>
      Boolean(
        e.adIdentifiers?.gclid ||
        e.adIdentifiers?.gbraid ||
        e.adIdentifiers?.wbraid ||
        e.adIdentifiers?.sessionAttributes,
      ) || (e.userData?.userIdentifiers.length ?? 0) > 0,
    { message: 'NO_IDENTIFIERS_PROVIDED: an event needs ad identifiers or user data', path: ['adIdentifiers'] },
  );

const HASH = { HEX: /^[0-9a-fA-F]{64}$/, BASE64: /^[A-Za-z0-9+/]{43}=$/ } as const;

export const ingestEventsRequestSchema = z
  .strictObject({
    destinations: z.array(destinationSchema).min(1).max(10),
    events: z.array(eventSchema).min(1).max(2000),
    consent: consentSchema.optional(),
    validateOnly: z.boolean().optional(),
    encoding: z.enum(['ENCODING_UNSPECIFIED', 'HEX', 'BASE64']).optional(),
    encryptionInfo: z.looseObject({}).optional(),
  })
  .superRefine((request, ctx) => {
    const withUserData = request.events.some((e) => e.userData);
    if (!withUserData) return;
    const encoding = request.encoding;
    if (encoding !== 'HEX' && encoding !== 'BASE64') {
      ctx.addIssue({ code: 'custom', path: ['encoding'], message: 'required (HEX or BASE64) for user data' });
      return;
    }
    // Encrypted identifiers are encoded ciphertext, not a bare digest: only plain hashes are checked.
    if (request.encryptionInfo) return;
    request.events.forEach((event, e) =>
      event.userData?.userIdentifiers.forEach((id, i) => {
        for (const field of ['emailAddress', 'phoneNumber'] as const) {
          const value = id[field];
          if (value !== undefined && !HASH[encoding].test(value))
            ctx.addIssue({
              code: 'custom',
              path: ['events', e, 'userData', 'userIdentifiers', i, field],
              message: `INVALID_SHA256_FORMAT: not a SHA-256 digest in ${encoding}`,
            });
        }
      }),
    );
  });

export type IngestEventsRequest = z.infer<typeof ingestEventsRequestSchema>;
