import { Alert, Box, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { builderTokenQueryOptions } from '../api/get-builder-token';
import { documentKeys } from '../api/get-my-documents';
import type { BuilderToken } from '../rules';

/** The spec's message (part 2 §8) when the builder cannot be shown, whatever the reason. */
export const BUILDER_FAILED = 'Failed to load the form builder. Please try again later.';

/** DocuSeal's web component and the id of the script tag that defines it. */
const ELEMENT = 'docuseal-builder';
const SCRIPT_ID = 'docuseal-builder-script';

/**
 * Loads DocuSeal's builder script from the configured DocuSeal (url/js/builder.js; the server's
 * CSP allows that origin and no other) once per page; resolves once its web component is defined.
 */
export function loadBuilderScript(url: string): Promise<true> {
  if (customElements.get(ELEMENT)) return Promise.resolve(true);
  const src = `${url}/js/builder.js`;
  document.getElementById(SCRIPT_ID)?.remove();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = src;
    script.async = true;
    script.addEventListener('load', () =>
      customElements.get(ELEMENT)
        ? resolve(true)
        : reject(new Error(`${src} defines no <${ELEMENT}>`)),
    );
    script.addEventListener('error', () => reject(new Error(`${src} did not load`)));
    document.head.appendChild(script);
  });
}

/** The builder's element, made by hand: React does not type DocuSeal's custom element. */
function BuilderElement({
  token,
  onSave,
}: {
  token: BuilderToken;
  onSave: (templateId: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = document.createElement(ELEMENT);
    el.dataset.token = token.token;
    el.dataset.host = token.host;
    // Hive asks freelancers to sign from its own form below, not from DocuSeal's buttons.
    el.dataset.withSendButton = 'false';
    el.dataset.withSignYourselfButton = 'false';
    const onSaved = (e: Event) => {
      const id = (e as CustomEvent<{ id?: number }>).detail?.id;
      if (typeof id === 'number') onSave(id);
    };
    el.addEventListener('save', onSaved);
    box.current?.appendChild(el);
    return () => {
      el.removeEventListener('save', onSaved);
      el.remove();
    };
  }, [token, onSave]);
  return <Box ref={box} data-testid="docuseal-builder" />;
}

/**
 * DocuSeal's form builder for department managers: the server signs a token
 * (GET /docuseal/token), the page loads the builder from DocuSeal and mounts it. When DocuSeal
 * is not configured, the token is refused or the script fails, the spec's failure message shows.
 */
export function FormBuilder({
  onReady,
  onSave,
}: {
  onReady?: (ready: boolean) => void;
  onSave: (templateId: number) => void;
}) {
  const token = useQuery(builderTokenQueryOptions());
  const url = token.data?.url;
  const script = useQuery({
    queryKey: [...documentKeys.all, 'builder-script', url],
    queryFn: () => loadBuilderScript(url!),
    enabled: url !== undefined,
    retry: false,
    staleTime: Infinity,
    meta: { silentErrors: true },
  });
  const failed = token.isError || script.isError;
  const ready = token.data !== undefined && script.isSuccess;
  useEffect(() => onReady?.(ready), [onReady, ready]);

  if (failed) {
    return (
      <Alert color="red" variant="light" title="Form builder" role="alert">
        <Text size="sm">{BUILDER_FAILED}</Text>
      </Alert>
    );
  }
  if (!ready) {
    return (
      <Stack align="center" py="lg" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Loading the form builder...</Text>
      </Stack>
    );
  }
  return <BuilderElement token={token.data} onSave={onSave} />;
}
