import type { Intro } from '@/lib/page-intros';

/**
 * A page's heading and the line under it. The frame drawn while a page loads shows it as text
 * (`heading={false}`), so that the page's own h1 is the one heading a reader or a test finds; both
 * are the same size in the same place.
 */
export function PageIntro({ intro, heading = true }: { intro: Intro; heading?: boolean }) {
  const Heading = heading ? 'h1' : 'p';
  return (
    <div>
      <Heading className="text-2xl font-semibold">{intro.heading}</Heading>
      <p className="text-sm text-muted-foreground">{intro.description}</p>
    </div>
  );
}
