/**
 * The storefront's illustrations (src/components/browse/Illustration.astro): the admin page renders
 * them once at build time into `<template data-illustration="...">`, and this copies one in, so
 * both use the same art without a second drawing of it.
 */
import { useEffect, useRef } from 'react';

export type IllustrationName = 'forbidden' | 'not-found' | 'server-error' | 'empty';

export function Illustration({ name }: { name: IllustrationName }) {
  const holder = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const template = document.querySelector<HTMLTemplateElement>(`template[data-illustration="${name}"]`);
    const target = holder.current;
    if (!template || !target) return;
    target.replaceChildren(template.content.cloneNode(true));
  }, [name]);
  return <span ref={holder} className="admin-illustration" aria-hidden="true" />;
}
