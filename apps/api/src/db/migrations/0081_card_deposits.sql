-- Card deposits through the PSP's hosted checkout (issue 16): a package belongs to a channel, PIX or card. Card
-- packages are offered only when the card checkout is configured (PAYMENTS_CARDS).
ALTER TABLE price_packages ADD COLUMN channel text NOT NULL DEFAULT 'pix' CHECK (channel IN ('pix', 'card'));
