/**
 * The chat-style Medicare ads: a conversational page whose form reads as a short chat, then
 * shows the phone number. Exit intent shows the phone (showPhone) rather than a dialog, and
 * these pages are tracked by xsmid.
 */
import { esChat } from './copy-es';
import { family, type PageCopy } from './family';

const chat: PageCopy = {
  title: 'Talk with a Medicare agent',
  description:
    'Answer a few quick questions and talk with a licensed insurance agent about Medicare plans in your area.',
  headline: "Hi! Let's see which Medicare benefits you may qualify for",
  subheadline: 'Answer a few quick questions, then talk with a licensed agent.',
  body: [
    'It only takes a couple of questions: your ZIP code and whether you already have Medicare or Medicaid. That is enough for an agent to check which plans are offered where you live.',
    'The call is free and there is no obligation to enroll. Plans and benefits vary by area and not everyone qualifies.',
  ],
};

const csnp: PageCopy = {
  ...chat,
  title: 'Medicare plans for chronic conditions',
  headline: "Living with diabetes, heart disease or COPD? Let's check your options",
  body: [
    'Chronic Condition Special Needs Plans (C-SNPs) are Medicare Advantage plans built for people with certain long-term conditions. They often include care coordination and condition-specific drug coverage.',
    'A few questions tell us whether such a plan is offered in your area; a licensed agent can then explain the eligibility rules. Your doctor must confirm the condition to enroll.',
  ],
};

const dental: PageCopy = {
  ...chat,
  title: 'Medicare plans with dental coverage',
  headline: "Need dental work? Let's see if a plan near you covers it",
  body: [
    'Original Medicare does not cover most dental care. Many Medicare Advantage plans do, from cleanings and X-rays to, in some plans, fillings, crowns and dentures up to a yearly limit.',
    'Answer a couple of questions and a licensed agent can show you plans in your ZIP code with dental benefits. Coverage limits and dentist networks vary by plan.',
  ],
};

const giveback: PageCopy = {
  ...chat,
  title: 'Part B premium reduction plans',
  headline: "Some plans pay part of your Part B premium. Let's check yours",
  body: [
    'A Part B premium reduction (often called a "giveback") means a Medicare Advantage plan pays part of your monthly Part B premium, which can raise your Social Security check.',
    'These plans are offered only in some counties, and the amount varies. If a state program already pays your Part B premium, a giveback plan may not help you. A licensed agent can check.',
  ],
};

export const chatAdPages = family({
  product: 'medicare',
  template: 'advertorial',
  copy: chat,
  copyEs: esChat,
  campaign: 'xsmid',
  onExitIntent: 'showPhone',
  // A chat page is read slowly; offer the phone after a pause rather than on the first mouse-out.
  exitIntentOptions: { inactiveSecondsAndTrigger: 45 },
  benefits: ['dental', 'vision', 'otc'],
  planTypes: ['Medicare Advantage'],
  variants: [
    'chat-ad',
    'chat-ad-es',
    { name: 'chat-ad-f3z', headline: "Hi! Got two minutes? Let's review your Medicare benefits" },
    {
      name: 'chat-ad-csnp',
      copy: csnp,
      benefits: ['care-coordination', 'otc', 'grocery'],
      planTypes: ['C-SNP', 'Medicare Advantage'],
    },
    { name: 'chat-ad-comms', headline: 'Questions about your Medicare plan? Chat, then call an agent' },
    { name: 'chat-ad-dental', copy: dental, benefits: ['dental'], planTypes: ['Medicare Advantage'] },
    { name: 'chat-ad-giveback', copy: giveback, benefits: ['giveback'], planTypes: ['Medicare Advantage'] },
  ],
});
