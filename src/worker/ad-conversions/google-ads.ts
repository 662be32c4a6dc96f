/**
 * Google Ads offline conversions, in the request shapes of the Google Ads API REST reference
 * (ConversionUploadService.UploadClickConversions and ConversionAdjustmentUploadService.
 * UploadConversionAdjustments). Enhanced conversions for leads: the contact is sent only as
 * SHA-256 of its normalised form (email trimmed and lower case; phone E.164), never in clear, and
 * only beside a gclid (Google refuses user identifiers with gbraid or wbraid).
 */
export const GOOGLE_ADS_API_VERSION = 'v22';

export interface GoogleAdsConfig {
  baseUrl: string;
  customerId: string;
  conversionActionId: string;
  developerToken: string;
  accessToken: string;
}

export function googleAdsConfig(env: object): GoogleAdsConfig | null {
  const get = (name: string) => {
    const value: unknown = Reflect.get(env, name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const baseUrl = get('GOOGLE_ADS_BASE_URL');
  const customerId = get('GOOGLE_ADS_CUSTOMER_ID');
  const conversionActionId = get('GOOGLE_ADS_CONVERSION_ACTION_ID');
  const developerToken = get('GOOGLE_ADS_DEVELOPER_TOKEN');
  const accessToken = get('GOOGLE_ADS_ACCESS_TOKEN');
  if (!baseUrl || !customerId || !conversionActionId || !developerToken || !accessToken) return null;
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    customerId: customerId.replace(/-/g, ''),
    conversionActionId,
    developerToken,
    accessToken,
  };
}

/** "yyyy-mm-dd hh:mm:ss+00:00", the API's date-time format. */
export function googleDateTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

export interface ClickConversionInput {
  clickIds: Record<string, string>;
  orderId: string;
  at: Date;
  valueUsd: number;
  emailSha256: string | null;
  phoneSha256: string | null;
  /** What the visitor agreed to (ad-consent.ts), never assumed. */
  adUserData: 'GRANTED' | 'DENIED';
}

export function clickConversionRequest(config: GoogleAdsConfig, input: ClickConversionInput) {
  const conversionAction = `customers/${config.customerId}/conversionActions/${config.conversionActionId}`;
  const click = input.clickIds.gclid
    ? { gclid: input.clickIds.gclid }
    : input.clickIds.gbraid
      ? { gbraid: input.clickIds.gbraid }
      : { wbraid: input.clickIds.wbraid ?? '' };
  const userIdentifiers = input.clickIds.gclid
    ? [
        ...(input.emailSha256 ? [{ hashedEmail: input.emailSha256 }] : []),
        ...(input.phoneSha256 ? [{ hashedPhoneNumber: input.phoneSha256 }] : []),
      ]
    : [];
  return {
    url: `${config.baseUrl}/${GOOGLE_ADS_API_VERSION}/customers/${config.customerId}:uploadClickConversions`,
    body: {
      conversions: [
        {
          conversionAction,
          ...click,
          conversionDateTime: googleDateTime(input.at),
          conversionValue: input.valueUsd,
          currencyCode: 'USD',
          orderId: input.orderId,
          ...(userIdentifiers.length > 0 ? { userIdentifiers } : {}),
          consent: { adUserData: input.adUserData },
        },
      ],
      partialFailure: true,
    },
  };
}

export function restatementRequest(config: GoogleAdsConfig, input: { orderId: string; at: Date; valueUsd: number }) {
  return {
    url: `${config.baseUrl}/${GOOGLE_ADS_API_VERSION}/customers/${config.customerId}:uploadConversionAdjustments`,
    body: {
      conversionAdjustments: [
        {
          conversionAction: `customers/${config.customerId}/conversionActions/${config.conversionActionId}`,
          adjustmentType: 'RESTATEMENT',
          orderId: input.orderId,
          adjustmentDateTime: googleDateTime(input.at),
          restatementValue: { adjustedValue: input.valueUsd, currencyCode: 'USD' },
        },
      ],
      partialFailure: true,
    },
  };
}

export function googleHeaders(config: GoogleAdsConfig): Record<string, string> {
  return { authorization: `Bearer ${config.accessToken}`, 'developer-token': config.developerToken };
}
