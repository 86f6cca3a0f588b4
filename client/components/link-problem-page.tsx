import { Alert, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useMemo, type ComponentType } from 'react';
import { useParams, useSearch } from 'wouter';

interface Props {
  problem: string;
  /** The page's texts under its section: `problem.<problem>.{title,text}`, `retry`, `reasons.*`, `contact`. */
  text: (key: string) => string;
  /** The reasons a link of this kind fails, listed where the problem leaves the reason open. */
  reasons: readonly string[] | null;
  /** Offered where the link could not be checked (`failed`): ask again. */
  onRetry?: () => void;
}

/** The page of a link that cannot be used: what is wrong with this one, and the reasons a link fails. */
function LinkProblemPage({ problem, text, reasons, onRetry }: Props) {
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" data-testid="invalid-link" data-problem={problem}>
      <Stack>
        <IconLinkOff size={32} aria-hidden />
        <Title order={1} size="h2">
          {text(`problem.${problem}.title`)}
        </Title>
        <Text>{text(`problem.${problem}.text`)}</Text>
        {problem === 'failed' && onRetry && (
          <Button variant="light" onClick={onRetry} w="fit-content">
            {text('retry')}
          </Button>
        )}
        {reasons && (
          <Alert variant="light" color="gray" title={text('reasons.title')}>
            <List size="sm" spacing={4}>
              {reasons.map((reason) => (
                <List.Item key={reason}>{text(`reasons.${reason}`)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {text('contact')}
        </Text>
      </Stack>
    </Paper>
  );
}

interface LinkKind<P extends string> {
  /** The translation hook of the kind's namespace. */
  useT: () => { t: (key: string) => string };
  /** Where the page's texts stand in that namespace (see LinkProblemPage's `text`). */
  section: string;
  /** The reasons a link of this kind fails … */
  reasons: readonly string[];
  /** … listed for these problems, which leave the reason open. */
  openFor: readonly P[];
}

/** The invalid-link page of one kind of link (an assessment's, a campaign's): LinkProblemPage with its texts and reasons. */
export function invalidLinkPage<P extends string>({ useT, section, reasons, openFor }: LinkKind<P>) {
  function InvalidLinkPage({ problem, onRetry }: { problem: P; onRetry?: () => void }) {
    const { t } = useT();
    return (
      <LinkProblemPage
        problem={problem}
        text={(key) => t(`${section}.${key}`)}
        reasons={openFor.includes(problem) ? reasons : null}
        onRetry={onRetry}
      />
    );
  }
  return InvalidLinkPage;
}

/**
 * The page of a link with its `?token=`: without a token, `Invalid` says so; with one, `Page`
 * gets the link (the route's `param` and the token), the same object while they stay the same.
 */
export function linkPage<K extends string>(
  param: K,
  Invalid: ComponentType<{ problem: 'no_token' }>,
  Page: ComponentType<{ link: Record<K, string> & { token: string } }>,
) {
  function LinkPage() {
    const params: Partial<Record<string, string>> = useParams();
    const id = params[param] ?? '';
    const token = new URLSearchParams(useSearch()).get('token');
    const link = useMemo(() => token && ({ [param]: id, token } as Record<K, string> & { token: string }), [id, token]);
    if (!link) return <Invalid problem="no_token" />;
    return <Page link={link} />;
  }
  return LinkPage;
}
