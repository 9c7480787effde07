import { type EmailOutboxItem, EMAIL_OUTBOX_MESSAGES as M, PAGE_SIZES } from '@stockyard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Folded, ListBody, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { usePagedList } from '@/hooks/use-paged-list';
import { formatDateTime } from '@/lib/dates';
import { showingRange } from '@/lib/format';
import { useCan } from '@/lib/session';
import { useFailedEmail, useRetryEmail } from '../api/email-outbox-api';
import { settingsFailed, settingsSaved } from './settings-toast';

/**
 * The admin's Failed e-mail: mail the server gave up on after its attempts, with
 * the last error, each of which can be sent again. Nothing for those the access table keeps out.
 */
export function FailedEmail() {
  const can = useCan();
  return can('GET /api/email-outbox') ? <FailedEmailList /> : null;
}

function FailedEmailList() {
  const [page, setPage] = useState(1);
  const query = useFailedEmail(page);
  const { rows, total, totalPages, state } = usePagedList(query, page, setPage);
  const retry = useRetryEmail();

  const sendAgain = (mail: EmailOutboxItem) =>
    retry.mutate(mail.id, {
      onSuccess: () => settingsSaved(`The e-mail to ${mail.to} will be sent again now.`),
      onError: (error) => settingsFailed(error, M.resendFailed),
    });

  return (
    <Card>
      <div className="p-6 pb-4">
        <h2 className="text-lg font-semibold">{M.title}</h2>
        <p className="text-sm text-muted-foreground">{M.description}</p>
      </div>
      <Table aria-label={M.title}>
        <THead>
          <tr>
            <TH>Recipient</TH>
            <TH>Subject</TH>
            <TH from="sm">Attempts</TH>
            <TH>Last error</TH>
            <TH from="sm">Failed at</TH>
            <TH className="text-right">Actions</TH>
          </tr>
        </THead>
        <ListBody
          state={state}
          columns={6}
          count={rows.length}
          loading={M.loading}
          failed={M.listFailed}
          empty={M.empty}
          onRetry={() => void query.refetch()}
        >
          {rows.map((mail) => (
            <TR key={mail.id}>
              <TD className="wrap-anywhere">{mail.to}</TD>
              <TD className="min-w-40 wrap-anywhere">
                {mail.subject}
                {/* On a phone the attempts and the time fold under the subject. */}
                <Folded until="sm">
                  <span className="mt-1 block text-xs text-muted-foreground">
                    {mail.attempts} attempts
                    {mail.failedAt ? ` · ${formatDateTime(mail.failedAt)}` : ''}
                  </span>
                </Folded>
              </TD>
              <TD from="sm">{mail.attempts}</TD>
              <TD className="min-w-48 wrap-anywhere text-destructive">{mail.lastError ?? '—'}</TD>
              <TD from="sm" className="whitespace-nowrap text-muted-foreground">
                {mail.failedAt ? (
                  <time dateTime={mail.failedAt}>{formatDateTime(mail.failedAt)}</time>
                ) : (
                  '—'
                )}
              </TD>
              <TD className="text-right">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Send again to ${mail.to}`}
                  disabled={retry.isPending && retry.variables === mail.id}
                  onClick={() => sendAgain(mail)}
                >
                  Send again
                </Button>
              </TD>
            </TR>
          ))}
        </ListBody>
      </Table>
      {totalPages > 1 ? (
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={showingRange(page, PAGE_SIZES.emailOutbox, total, 'e-mails')}
        />
      ) : null}
    </Card>
  );
}
