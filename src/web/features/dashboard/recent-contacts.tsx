import { CONTACT_SOURCE_LABELS } from '@shared/contacts.ts';
import { contactDisplayName } from '@shared/contacts/form.ts';
import type { DashboardResponse } from '@shared/dashboard/api.ts';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Table, TableScroll, Td, Th } from '@web/components/ui/table.tsx';

/** The newest contacts of the last days (at most five), or "No recent contacts". */
export function RecentContacts({ contacts, failed }: { contacts: DashboardResponse['recent_contacts'] | undefined; failed: boolean }) {
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle id="recent-contacts-title">Recent Contacts</CardTitle>
      </CardHeader>
      {contacts === undefined && failed ? (
        <p className="px-6 py-10 text-center text-sm text-gray-500">Recent contacts could not be loaded.</p>
      ) : contacts === undefined ? (
        <div className="space-y-3 p-6" aria-label="Loading recent contacts">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-5 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : contacts.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-gray-500">No recent contacts</p>
      ) : (
        <TableScroll label="Recent contacts">
          <Table aria-labelledby="recent-contacts-title" className="min-w-[36rem]">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Source</Th>
                <Th>Date</Th>
              </tr>
            </thead>
            <tbody>
              {contacts.map((contact) => (
                <tr key={contact.id}>
                  <Td className="font-medium whitespace-nowrap text-gray-900">{contactDisplayName(contact) ?? <span className="text-gray-400">—</span>}</Td>
                  <Td className="whitespace-nowrap">{contact.email}</Td>
                  <Td className="whitespace-nowrap">{CONTACT_SOURCE_LABELS[contact.source]}</Td>
                  <Td className="whitespace-nowrap text-gray-600">
                    <DateText value={contact.created_at} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Card>
  );
}
