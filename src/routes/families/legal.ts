/**
 * Terms of use and privacy policy, served for every brand. The text speaks of "this site" and
 * "we" so one record fits all twelve brands; the template puts the brand name in the title.
 * Paragraphs starting '## ' are section headings.
 */
import { ALL_BRANDS, family, type PageCopy } from './family';

const terms: PageCopy = {
  title: 'Terms of use',
  description:
    'The terms that apply when you use this site, request insurance information or agree to be contacted by licensed agents.',
  headline: 'Terms of use',
  subheadline: 'Please read these terms before using this site. Using the site means you accept them.',
  body: [
    '## What this site is',
    'This site is a free information and referral service. We are not an insurance company, we do not issue policies and we are not affiliated with or endorsed by the United States government or the federal Medicare program. We connect people who ask for insurance information with licensed insurance agents, brokers and carriers ("partners").',
    'We do not offer every plan available in your area. Any information we provide is limited to the plans offered by the partners we work with. You can contact Medicare.gov or 1-800-MEDICARE (TTY 1-877-486-2048), 24 hours a day, 7 days a week, for information on all your options.',
    '## Information you give us',
    "You agree that what you enter on this site is accurate and is your own information. Do not submit information about another person unless you are authorised to act for them. Quotes and plan details depend on what you tell us and on the partner's own underwriting; a quote is not an offer of coverage.",
    '## Consent to be contacted',
    'When you submit a form and tick or press the consent button, you agree that this site and its partners may contact you at the phone number you provide, including by autodialed or prerecorded calls and by text message, about insurance products. Consent is not a condition of any purchase. Message and data rates may apply. You may revoke consent at any time as described below.',
    '## Telephone Consumer Protection Act',
    "We keep a record of each consent, including the words shown to you, the time and the page, as required by the Telephone Consumer Protection Act (TCPA) and related rules. Calls to this site's phone numbers may be recorded for quality and compliance purposes, and you will be told when a call is recorded.",
    '## Opting out',
    'You can stop calls by telling any agent that you no longer wish to be contacted, and stop texts by replying STOP. You can also ask us to stop contacting you by writing to the address below. We process opt-out requests within ten business days, and we pass them on to the partners we shared your request with.',
    '## No advice and no guarantee',
    'Content on this site is general information, not legal, tax or medical advice. Benefits, premiums, networks and availability vary by plan and location and can change each year. We do not guarantee that you will qualify for any plan, benefit or price.',
    '## Acceptable use',
    "You may not use automated tools to submit forms, copy the site's content for commercial use, or interfere with its operation. We may suspend access for misuse.",
    '## Limitation of liability',
    'To the extent the law allows, the site is provided "as is" and we are not liable for indirect or consequential losses arising from its use. Nothing in these terms limits rights you have under consumer protection law.',
    '## Changes and contact',
    'We may update these terms; the date of the latest change is shown on this page. Questions about these terms can be sent to Compliance Department, 2200 Market Street, Suite 400, Wilmington, DE 19801, or by calling the number shown on this site.',
  ],
};

const privacy: PageCopy = {
  title: 'Privacy policy',
  description:
    'What personal information this site collects, why, who receives it, how consent for calls works and how to opt out or ask for your data.',
  headline: 'Privacy policy',
  subheadline: 'What we collect, why we collect it, and the choices you have.',
  body: [
    '## What we collect',
    'Information you give us: the answers you enter in our forms, such as your ZIP code, whether you have Medicare or Medicaid, your name, phone number, email address, date of birth, vehicle and driver details for auto quotes.',
    'Information collected automatically: your IP address and the approximate location derived from it, your browser and device type, the pages you view and the buttons you press, and the advertising campaign that brought you here. We use cookies and similar technologies for this.',
    '## How we use it',
    'We use your information to answer your request: to show plans and phone numbers relevant to your area, to connect you with licensed agents and carriers, to keep records of your consent, to prevent fraud and automated abuse, and to measure which pages and campaigns work. We do not put your name, phone number, email or address into analytics data or into web addresses.',
    '## Who receives it',
    'When you ask to be contacted or to receive quotes, we share the information you entered with the insurance agents, brokers, carriers and marketplaces that will answer you. We also use service providers for hosting, analytics and fraud checks, bound by contract to use the data only for us. We do not sell your information for purposes unrelated to your insurance request.',
    '## Advertising platforms: Google and Meta',
    'When an ad on Google or on Meta (Facebook, Instagram) brought you here and your request reached an agent or carrier, we tell that platform its ad led to a request, so it can measure the ad: the ad click id, the time and an estimated value; Meta also receives your IP address, your browser type and the page address without anything after its question mark. When you call a number shown here after a Meta ad and the call is paid for, we tell Meta the call happened, its time and what it was paid, with the ad click id alone. For auto and life quotes, and only when you tick the box beside the button that says so (it stays unticked unless you tick it; before that box, only when the consent text beside the button said so), we also send each platform a scrambled (SHA-256 hashed) copy of your email address and phone number, which it uses to match the request to its own accounts; leave it unticked and we send neither platform anything about your request. We send Meta nothing about Medicare requests. We send neither platform anything if your browser sends Global Privacy Control or you ask us on the Do Not Sell or Share page. For people in states where Meta offers Limited Data Use, we ask Meta to process the data only as our service provider. When you ask us to delete your data, we delete the click ids we kept and our record of what we sent; neither platform offers a way for us to delete a measurement already sent, so use their own privacy settings for that.',
    '## How consent for calls works',
    'Agents call you only if you agree on the form. The consent text tells you who may call and how. We store that consent with the time, page and wording you saw so it can be verified, and you may withdraw it at any time without affecting any purchase.',
    '## TCPA and Do Not Call',
    'We follow the Telephone Consumer Protection Act and the national Do Not Call rules. If your number is on the Do Not Call registry, we contact you only with the express written consent you gave on our form.',
    '## Opting out',
    'To stop calls, tell the agent on the call or write to us. To stop texts, reply STOP. To stop marketing email, use the unsubscribe link in the message. To turn off cookies, use your browser settings; the site still works without them, although some forms may need to be filled in again.',
    '## Your rights',
    'Depending on where you live, you may have the right to know what we hold about you, to correct it, to delete it and to opt out of sharing for advertising. Send requests to the contact below; we will verify your identity before answering and will not treat you differently for exercising these rights.',
    '## Security and retention',
    'We protect information in transit with encryption and limit access to staff who need it. We keep consent records for as long as the law requires, and other personal information only as long as needed for the purposes above.',
    '## Children',
    'This site is not directed to children under 16 and we do not knowingly collect their information.',
    '## Contact',
    'Privacy Office, 2200 Market Street, Suite 400, Wilmington, DE 19801. You can also call the number shown on this site and ask for the privacy team. We will post any change to this policy on this page.',
  ],
};

export const legalPages = family({
  product: 'medicare',
  template: 'legal',
  brands: ALL_BRANDS,
  indexable: true,
  benefits: [],
  planTypes: [],
  variants: [
    { name: 'tos', copy: terms },
    { name: 'privacy', copy: privacy },
  ],
});
