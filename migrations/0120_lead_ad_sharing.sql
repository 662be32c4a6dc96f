-- The visitor's answer to the ad-sharing checkbox of the consent step: 'yes' (ticked), 'no' (shown,
-- not ticked), NULL (no box on the page: leads before it, and Medicare). ad-consent.ts reads it.
ALTER TABLE leads ADD COLUMN ad_sharing TEXT CHECK (ad_sharing IN ('yes', 'no'));
