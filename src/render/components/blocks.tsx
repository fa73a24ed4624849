import { HERO_OVERLAY } from '../../shared/landing-pages/constants.ts';
import { readProps } from '../../shared/landing-pages/read-props.ts';
import { mergeClassNames } from '../class-merge.ts';
import { nodeStyle, type NodeProps } from '../render-context.ts';
import { RENDER_MESSAGES } from '../render-messages.ts';
import { cssUrl, safeHref, safeMediaSrc } from '../safe-url.ts';
import { buttonClasses } from './form.tsx';
import { hasSocialIcon, SocialIcon } from './social-icons.tsx';

/*
 * Blocks colour their outer element only; the text inside inherits it, so an author's 'bg-gray-900
 * text-white' on the block restyles all of it.
 */

const PRIMARY_LINK = buttonClasses('primary');

/**
 * A hero with a background image under a dark overlay (0 transparent to 1 black) and white text
 * with a shadow, so the title stays readable on any picture.
 */
export function Hero({ node }: NodeProps) {
  const props = readProps(node, 'hero');
  const image = safeMediaSrc(props.backgroundImage);
  const overlay = Math.min(HERO_OVERLAY.max, Math.max(HERO_OVERLAY.min, Number(props.overlay) || 0));
  return (
    <div
      className={mergeClassNames('relative isolate overflow-hidden bg-gray-900 bg-cover bg-center px-6 py-24 text-center text-white', props.tailwindClasses)}
      style={nodeStyle(node, image ? { backgroundImage: cssUrl(image) } : {})}
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-black" style={{ opacity: overlay }} />
      <div className="mx-auto max-w-3xl text-shadow-md text-shadow-black/60">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{props.title}</h1>
        {props.subtitle ? <p className="mt-6 whitespace-pre-line text-lg sm:text-xl">{props.subtitle}</p> : null}
      </div>
    </div>
  );
}

export function Cta({ node }: NodeProps) {
  const props = readProps(node, 'cta');
  return (
    <div className={mergeClassNames('rounded-2xl bg-primary-50 px-6 py-12 text-center text-gray-900', props.tailwindClasses)} style={nodeStyle(node)}>
      <h2 className="text-3xl font-bold tracking-tight">{props.title}</h2>
      {props.description ? <p className="mx-auto mt-4 max-w-2xl whitespace-pre-line text-lg">{props.description}</p> : null}
      {props.buttonText ? (
        <a href={safeHref(props.buttonUrl)} className={`mt-8 ${PRIMARY_LINK}`}>
          {props.buttonText}
        </a>
      ) : null}
    </div>
  );
}

export function Testimonial({ node }: NodeProps) {
  const props = readProps(node, 'testimonial');
  const avatar = safeMediaSrc(props.avatar);
  return (
    <figure className={mergeClassNames('rounded-2xl bg-white p-6 text-gray-900 shadow-sm ring-1 ring-gray-200', props.tailwindClasses)} style={nodeStyle(node)}>
      <blockquote className="text-lg">
        <p className="whitespace-pre-line">“{props.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {/* The name stands beside the picture, so the picture itself is decorative. */}
        {avatar ? <img src={avatar} alt="" width={48} height={48} loading="lazy" decoding="async" className="size-12 rounded-full object-cover" /> : null}
        {/* Block elements of their own: two lines, and two runs of text where styles do not reach (reader views, copied text). */}
        <div>
          <p className="font-semibold">{props.author}</p>
          {props.position ? <p className="text-sm opacity-80">{props.position}</p> : null}
        </div>
      </figcaption>
    </figure>
  );
}

export function PricingCard({ node }: NodeProps) {
  const props = readProps(node, 'pricingCard');
  return (
    <div className={mergeClassNames('flex flex-col rounded-2xl bg-white p-8 text-gray-900 shadow-sm ring-1 ring-gray-200', props.tailwindClasses)} style={nodeStyle(node)}>
      <h3 className="text-lg font-semibold">{props.title}</h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{props.price}</span>
        {props.period ? <span className="opacity-80">{props.period}</span> : null}
      </p>
      {props.features.length > 0 ? (
        <ul className="mt-6 flex-1 space-y-2 text-sm">
          {props.features.map((feature, index) => (
            <li key={index} className="flex gap-2">
              <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="shrink-0 text-primary-600">
                <path d="M5 12l5 5L20 7" />
              </svg>
              {feature}
            </li>
          ))}
        </ul>
      ) : null}
      {props.ctaText ? (
        <button type="button" className={`mt-8 ${PRIMARY_LINK}`}>
          {props.ctaText}
        </button>
      ) : null}
    </div>
  );
}

const PLATFORM_NAMES: Readonly<Record<string, string>> = { facebook: 'Facebook', twitter: 'Twitter', linkedin: 'LinkedIn', instagram: 'Instagram' };

/** One link per platform, named for screen readers; a platform without a URL yet links nowhere ('#'). */
export function SocialLinks({ node }: NodeProps) {
  const props = readProps(node, 'socialLinks');
  return (
    <ul className={mergeClassNames('flex flex-wrap items-center gap-3', props.tailwindClasses)} style={nodeStyle(node)}>
      {props.platforms.map((entry, index) => {
        const platform = entry.toLowerCase();
        const name = Object.hasOwn(PLATFORM_NAMES, platform) ? PLATFORM_NAMES[platform]! : entry;
        const url = Object.hasOwn(props.links, entry) ? props.links[entry] : Object.hasOwn(props.links, platform) ? props.links[platform] : '';
        const icon = hasSocialIcon(platform);
        return (
          <li key={index}>
            <a
              href={safeHref(url)}
              className={`inline-flex h-10 items-center justify-center rounded-full bg-gray-100 text-gray-800 hover:bg-gray-200 ${icon ? 'w-10' : 'px-4 text-sm font-medium'}`}
            >
              <SocialIcon platform={platform} />
              <span className={icon ? 'sr-only' : undefined}>{name}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function ContactInfo({ node }: NodeProps) {
  const props = readProps(node, 'contactInfo');
  const email = props.email.trim();
  const phone = props.phone.trim();
  const dial = phone.replace(/[^\d+]/g, '');
  return (
    <address className={mergeClassNames('space-y-3 not-italic', props.tailwindClasses)} style={nodeStyle(node)}>
      {email ? (
        <p>
          <span className="block text-sm font-medium opacity-80">{RENDER_MESSAGES.email}</span>
          {EMAIL.test(email) ? (
            <a href={`mailto:${email}`} className="underline hover:no-underline">
              {email}
            </a>
          ) : (
            email
          )}
        </p>
      ) : null}
      {phone ? (
        <p>
          <span className="block text-sm font-medium opacity-80">{RENDER_MESSAGES.phone}</span>
          {/\d/.test(dial) ? (
            <a href={`tel:${dial}`} className="underline hover:no-underline">
              {phone}
            </a>
          ) : (
            phone
          )}
        </p>
      ) : null}
      {props.address.trim() ? (
        <p>
          <span className="block text-sm font-medium opacity-80">{RENDER_MESSAGES.address}</span>
          <span className="whitespace-pre-line">{props.address}</span>
        </p>
      ) : null}
    </address>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" className={open ? 'hidden group-open:block' : 'group-open:hidden'}>
      <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
    </svg>
  );
}

/**
 * A page header: an optional announcement bar, a navigation bar with logo, links and login, then the
 * hero text with its two calls to action and the component's own children after it. On phones the
 * links fold into a menu that is a <details> element: it opens and closes without any script.
 */
export function HeroWithNavigation({ node, ctx }: NodeProps) {
  const props = readProps(node, 'heroWithNavigation');
  const logo = safeMediaSrc(props.logoImage);
  const links = props.navigationItems.filter((item) => item.name.trim() !== '');
  const login = props.loginText ? { text: props.loginText, href: safeHref(props.loginLink) } : null;
  return (
    <div className={mergeClassNames('bg-white text-gray-900', props.tailwindClasses)} style={nodeStyle(node)}>
      {props.announcementText ? (
        <p className="bg-primary-700 px-4 py-2 text-center text-sm font-medium text-white">
          {props.announcementLink ? (
            <a href={safeHref(props.announcementLink)} className="underline hover:no-underline">
              {props.announcementText}
            </a>
          ) : (
            props.announcementText
          )}
        </p>
      ) : null}
      <header>
        <nav aria-label={RENDER_MESSAGES.mainNavigation} className="mx-auto flex max-w-7xl items-center justify-between gap-6 px-6 py-4">
          {props.logoText || logo ? (
            <a href="#" className="flex items-center gap-2 text-lg font-bold">
              {logo ? <img src={logo} alt={props.logoText ? '' : RENDER_MESSAGES.home} height={32} className="h-8 w-auto" /> : null}
              {props.logoText ? <span>{props.logoText}</span> : null}
            </a>
          ) : null}
          <ul className="hidden items-center gap-8 md:flex">
            {links.map((item, index) => (
              <li key={index}>
                <a href={safeHref(item.href)} className="font-medium hover:underline">
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
          {login ? (
            <a href={login.href} className="hidden rounded-lg px-4 py-2 font-medium ring-1 ring-current hover:bg-gray-900/5 md:inline-flex">
              {login.text}
            </a>
          ) : null}
          {links.length > 0 || login ? (
            <details className="group relative md:hidden">
              <summary className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-gray-900/5 [&::-webkit-details-marker]:hidden">
                <span className="sr-only">{RENDER_MESSAGES.menu}</span>
                <MenuIcon open={false} />
                <MenuIcon open />
              </summary>
              <div className="absolute right-0 z-20 mt-2 w-64 rounded-xl bg-white p-2 text-gray-900 shadow-lg ring-1 ring-gray-200">
                <ul>
                  {links.map((item, index) => (
                    <li key={index}>
                      <a href={safeHref(item.href)} className="block rounded-lg px-3 py-2 font-medium hover:bg-gray-100">
                        {item.name}
                      </a>
                    </li>
                  ))}
                </ul>
                {login ? (
                  <a href={login.href} className="mt-1 block rounded-lg border-t border-gray-100 px-3 py-2 font-medium hover:bg-gray-100">
                    {login.text}
                  </a>
                ) : null}
              </div>
            </details>
          ) : null}
        </nav>
      </header>
      <div className="mx-auto max-w-4xl px-6 py-20 text-center">
        {props.title ? <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{props.title}</h1> : null}
        {props.description ? <p className="mx-auto mt-6 max-w-2xl whitespace-pre-line text-lg opacity-80">{props.description}</p> : null}
        {props.primaryCtaText || props.secondaryCtaText ? (
          <div className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-4">
            {props.primaryCtaText ? (
              <a href={safeHref(props.primaryCtaLink)} className={PRIMARY_LINK}>
                {props.primaryCtaText}
              </a>
            ) : null}
            {props.secondaryCtaText ? (
              <a href={safeHref(props.secondaryCtaLink)} className="font-semibold hover:underline">
                {props.secondaryCtaText} <span aria-hidden="true">→</span>
              </a>
            ) : null}
          </div>
        ) : null}
        <div className="mt-10 space-y-4">{ctx.renderChildren(node, ctx)}</div>
      </div>
    </div>
  );
}
