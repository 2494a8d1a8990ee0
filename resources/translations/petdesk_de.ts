<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Accessibility</name>
    <message>
        <source>Vertical scroll bar</source>
        <translation>Vertikale Bildlaufleiste</translation>
    </message>
    <message>
        <source>Horizontal scroll bar</source>
        <translation>Horizontale Bildlaufleiste</translation>
    </message>
    <message>
        <source>{name}: list of choices</source>
        <translation>{name}: Auswahlliste</translation>
    </message>
    <message>
        <source>Scroll bar area</source>
        <translation>Bereich der Bildlaufleiste</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Column headers</source>
        <translation>Spaltenköpfe</translation>
    </message>
    <message>
        <source>Row headers</source>
        <translation>Zeilenköpfe</translation>
    </message>
    <message>
        <source>Select all</source>
        <translation>Alles auswählen</translation>
    </message>
    <message>
        <source>Divider: drag, or focus and use the arrow keys, to resize</source>
        <translation>Trenner: ziehen oder fokussieren und mit den Pfeiltasten die Größe ändern</translation>
    </message>
    <message>
        <source>Resize the window</source>
        <translation>Fenstergröße ändern</translation>
    </message>
    <message>
        <source>Menu bar</source>
        <translation>Menüleiste</translation>
    </message>
    <message>
        <source>More menus</source>
        <translation>Weitere Menüs</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menü</translation>
    </message>
    <message>
        <source>Clear the text</source>
        <translation>Text löschen</translation>
    </message>
    <message>
        <source>Buttons</source>
        <translation>Schaltflächen</translation>
    </message>
    <message>
        <source>Keyboard focus</source>
        <translation>Tastaturfokus</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Icon</source>
        <translation>Symbol</translation>
    </message>
    <message>
        <source>Separator</source>
        <translation>Trennzeichen</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>Technische Details</translation>
    </message>
    <message>
        <source>Part of {owner}</source>
        <translation>Teil von {owner}</translation>
    </message>
    <message>
        <source>PetDesk main area</source>
        <translation>Hauptbereich von PetDesk</translation>
    </message>
    <message>
        <source>Details area</source>
        <translation>Bereich mit Angaben</translation>
    </message>
    <message>
        <source>Pet list and details</source>
        <translation>Tierliste und Angaben</translation>
    </message>
</context>
<context>
    <name>ActivityController</name>
    <message>
        <source>The log could not be read: {error}</source>
        <translation>Das Protokoll konnte nicht gelesen werden: {error}</translation>
    </message>
    <message>
        <source>Saved {count:,} adds as “{name}”.</source>
        <translation>{count:,} Aufnahmen als „{name}“ gespeichert.</translation>
    </message>
    <message>
        <source>The log could not be saved as “{name}”: {error}</source>
        <translation>Das Protokoll konnte nicht als „{name}“ gespeichert werden: {error}</translation>
    </message>
</context>
<context>
    <name>ActivityWindow</name>
    <message>
        <source>When</source>
        <extracomment>Called by this name, lupdate reads the strings: translate(&quot;ActivityWindow&quot;, &quot;...&quot;).</extracomment>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Animal</source>
        <translation>Tier</translation>
    </message>
    <message>
        <source>Desk</source>
        <translation>Arbeitsplatz</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Wie</translation>
    </message>
    <message>
        <source>at once</source>
        <translation>sofort</translation>
    </message>
    <message>
        <source>from the outbox</source>
        <translation>aus dem Postausgang</translation>
    </message>
    <message>
        <source>by an import</source>
        <translation>durch einen Import</translation>
    </message>
    <message>
        <source>Pet ID</source>
        <translation>Tier-ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Export the activity log</source>
        <translation>Aktivitätsprotokoll exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>{name} (ID {id})</source>
        <translation>{name} (ID {id})</translation>
    </message>
    <message>
        <source>Activity log</source>
        <extracomment>The user chose where to save the export.</extracomment>
        <translation>Aktivitätsprotokoll</translation>
    </message>
    <message>
        <source>Adds, newest first</source>
        <translation>Aufnahmen, neueste zuerst</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Save the whole log as a CSV file</source>
        <translation>Das ganze Protokoll als CSV-Datei speichern</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation>Das Protokoll wird gelesen…</translation>
    </message>
    <message>
        <source>No adds have been sent from this store yet.</source>
        <translation>Aus diesem Speicher wurden noch keine Aufnahmen gesendet.</translation>
    </message>
    <message>
        <source>The newest {shown:,} of {total:,} adds. Export… saves them all.</source>
        <translation>Die neuesten {shown:,} von {total:,} Aufnahmen. Exportieren… speichert alle.</translation>
    </message>
    <message>
        <source>1 add.</source>
        <translation>1 Aufnahme.</translation>
    </message>
    <message>
        <source>{total:,} adds.</source>
        <translation>{total:,} Aufnahmen.</translation>
    </message>
    <message>
        <source>activity-log.csv</source>
        <translation>aktivitaetsprotokoll.csv</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
</context>
<context>
    <name>AddPetController</name>
    <message>
        <source>Adding {name}…</source>
        <extracomment>The form is sending (True) or not any more (False). The pet was added: the :class:`~petdesk.api.Pet` the server returned. Not added: the message for the form, the field (or None), the exception and the status-bar prefix. Kept in the outbox, to be sent (or checked) by itself: the sentence to show. The add just submitted waits in the outbox: its local id (its row is shown to the user). The pet being added and its idempotency key, until it is kept. The shared store&apos;s answer to a press of the keyed pet was lost.</extracomment>
        <translation>{name} wird aufgenommen…</translation>
    </message>
    <message>
        <source>“{name}” waits in the outbox. PetDesk sends it by itself.</source>
        <translation>„{name}“ wartet im Postausgang. PetDesk sendet es von selbst.</translation>
    </message>
    <message>
        <source>The pet was not added: </source>
        <translation>Das Tier wurde nicht aufgenommen: </translation>
    </message>
    <message>
        <source>Stopped. “{name}” waits in the outbox: cancel it there if it should not be sent.</source>
        <translation>Gestoppt. „{name}“ wartet im Postausgang: Brechen Sie es dort ab, wenn es nicht gesendet werden soll.</translation>
    </message>
    <message>
        <source>Waiting to send “{name}”: {reason}.</source>
        <translation>„{name}“ wartet auf das Senden: {reason}.</translation>
    </message>
    <message>
        <source>The shared store stopped answering before “{name}” was kept. PetDesk connects again by itself: press Add pet again.</source>
        <translation>Der gemeinsame Speicher hat nicht mehr geantwortet, bevor „{name}“ gespeichert war. PetDesk verbindet sich von selbst neu: Drücken Sie noch einmal „Tier aufnehmen“.</translation>
    </message>
    <message>
        <source>The answer for “{name}” was lost. PetDesk checks whether it was added before sending anything again.</source>
        <extracomment>The shared store&apos;s answer to an earlier press of this add was lost. Why an add waits, for the kinds of step that say so themselves; any other kind gives its own reason (:meth:`AddPetController._waiting_text`).</extracomment>
        <translation>Die Antwort für „{name}“ ging verloren. PetDesk prüft, ob es aufgenommen wurde, bevor es etwas erneut sendet.</translation>
    </message>
    <message>
        <source>“{name}” waits on this computer until the shared store is back: it may be there already, and is sent once from there.</source>
        <translation>„{name}“ wartet auf diesem Computer, bis der gemeinsame Speicher wieder da ist: Es ist vielleicht schon dort und wird von dort einmal gesendet.</translation>
    </message>
    <message>
        <source>“{name}” was kept already and waits in the outbox. PetDesk sends or checks it by itself.</source>
        <translation>„{name}“ wurde schon aufgenommen und wartet im Postausgang. PetDesk sendet oder prüft es von selbst.</translation>
    </message>
    <message>
        <source>Waiting to send “{name}” after the adds before it. PetDesk sends it by itself.</source>
        <translation>„{name}“ wartet, bis die Aufnahmen davor gesendet sind. PetDesk sendet es von selbst.</translation>
    </message>
    <message>
        <source>Waiting to send “{name}”: another PetDesk window is sending the adds.</source>
        <translation>„{name}“ wartet auf das Senden: Ein anderes PetDesk-Fenster sendet die Aufnahmen.</translation>
    </message>
    <message>
        <source>Waiting to send “{name}”: {reason}. PetDesk sends it by itself as soon as it can.</source>
        <translation>„{name}“ wartet auf das Senden: {reason}. PetDesk sendet es von selbst, sobald es geht.</translation>
    </message>
    <message>
        <source>The service cannot take it now.</source>
        <translation>Der Dienst kann es gerade nicht annehmen.</translation>
    </message>
</context>
<context>
    <name>AddPetDialog</name>
    <message>
        <source>Add pet</source>
        <extracomment>The code point NewPet names in its message: &quot;(found U+202E)&quot;.</extracomment>
        <translation>Tier aufnehmen</translation>
    </message>
    <message>
        <source>e.g. Bella</source>
        <extracomment>Closing without asking (the window is quitting, or the user chose Discard). Where an unsent pet can be kept (the outbox): closing then also offers &quot;Send later&quot;, which hands it the form&apos;s pet.</extracomment>
        <translation>z. B. Bella</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Category:</source>
        <translation>&amp;Kategorie:</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>&amp;Status:</translation>
    </message>
    <message>
        <source>&amp;Add pet</source>
        <translation>Tier &amp;aufnehmen</translation>
    </message>
    <message>
        <source>The pet is added to &lt;b&gt;{environment_label}&lt;/b&gt;.</source>
        <translation>Das Tier wird in &lt;b&gt;{environment_label}&lt;/b&gt; aufgenommen.</translation>
    </message>
    <message>
        <source>The name is too long: at most {limit} characters.</source>
        <translation>Der Name ist zu lang: höchstens {limit} Zeichen.</translation>
    </message>
    <message>
        <source>Choose a status from the list.</source>
        <translation>Wählen Sie einen Status aus der Liste.</translation>
    </message>
    <message>
        <source>Enter a name (not just spaces).</source>
        <translation>Geben Sie einen Namen ein (nicht nur Leerzeichen).</translation>
    </message>
    <message>
        <source>The name contains characters that cannot be used (tabs or line breaks).</source>
        <translation>Der Name enthält Zeichen, die nicht verwendet werden können (Tabulatoren oder Zeilenumbrüche).</translation>
    </message>
    <message>
        <source>Remove the invisible character {character} (a direction override or zero-width space).</source>
        <translation>Entfernen Sie das unsichtbare Zeichen {character} (eine Richtungsumkehr oder ein Leerzeichen ohne Breite).</translation>
    </message>
    <message>
        <source>Choose a category, or type its name or number.</source>
        <translation>Wählen Sie eine Kategorie oder geben Sie ihren Namen oder ihre Nummer ein.</translation>
    </message>
    <message>
        <source>The category ID is too large (at most {limit}).</source>
        <translation>Die Kategorie-ID ist zu groß (höchstens {limit}).</translation>
    </message>
    <message>
        <source>Discard this pet?</source>
        <translation>Dieses Tier verwerfen?</translation>
    </message>
    <message>
        <source>This pet has not been added. Keep editing it, or discard what you typed?</source>
        <translation>Dieses Tier wurde nicht aufgenommen. Weiter bearbeiten oder die Eingaben verwerfen?</translation>
    </message>
    <message>
        <source>&amp;Keep editing</source>
        <translation>&amp;Weiter bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>Send &amp;later</source>
        <translation>&amp;Später senden</translation>
    </message>
    <message>
        <source>This name cannot be used.</source>
        <translation>Dieser Name kann nicht verwendet werden.</translation>
    </message>
    <message>
        <source>The category ID must be 1 or more.</source>
        <translation>Die Kategorie-ID muss 1 oder größer sein.</translation>
    </message>
    <message>
        <source>The category ID must be a whole number, like 3.</source>
        <translation>Die Kategorie-ID muss eine ganze Zahl sein, z. B. 3.</translation>
    </message>
    <message>
        <source>Adding…</source>
        <translation>Wird aufgenommen…</translation>
    </message>
    <message>
        <source>Enter the pet&apos;s name.</source>
        <translation>Geben Sie den Namen des Tiers ein.</translation>
    </message>
</context>
<context>
    <name>ApiKeyDialog</name>
    <message>
        <source>Service address</source>
        <extracomment>The (address, key) that failed the last Test, and why; saving it asks first. The (address, key) that passed a Test: already kept.</extracomment>
        <translation>Adresse des Dienstes</translation>
    </message>
    <message>
        <source>Service address and API key — {environment_label}</source>
        <extracomment>Save: the address and the key (empty: keep the saved key). Test connection: the address and the key (empty: the saved key).</extracomment>
        <translation>Dienstadresse und API-Schlüssel — {environment_label}</translation>
    </message>
    <message>
        <source>Enter the API key for &lt;b&gt;{environment_label}&lt;/b&gt;. PetDesk never writes it to a file: it keeps it in your system keyring, or in memory until you quit when no keyring works.</source>
        <translation>Geben Sie den API-Schlüssel für &lt;b&gt;{environment_label}&lt;/b&gt; ein. PetDesk schreibt ihn nie in eine Datei: er bleibt im Schlüsselbund Ihres Systems oder, wenn keiner funktioniert, bis zum Beenden im Speicher.</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Paste the API key here</source>
        <translation>API-Schlüssel hier einfügen</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Show the API key</source>
        <translation>API-Schlüssel anzeigen</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>PETDESK_API_KEY is set in the environment: PetDesk uses that key and never stores it. A key saved here is used once it is unset.</source>
        <translation>PETDESK_API_KEY ist in der Umgebung gesetzt: PetDesk verwendet diesen Schlüssel und speichert ihn nie. Ein hier gespeicherter Schlüssel gilt erst, wenn die Variable entfernt ist.</translation>
    </message>
    <message>
        <source>Service &amp;address:</source>
        <translation>&amp;Adresse des Dienstes:</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Verbergen</translation>
    </message>
    <message>
        <source>Hide the API key</source>
        <translation>API-Schlüssel verbergen</translation>
    </message>
    <message>
        <source>This is the example address from the Pet Store service&apos;s documentation, not a real service: PetDesk is not set up yet. Enter the address your shelter was given for its Pet Store service.</source>
        <translation>Das ist die Beispieladresse aus der Dokumentation des Pet-Store-Dienstes, kein echter Dienst: PetDesk ist noch nicht eingerichtet. Geben Sie die Adresse ein, die Ihr Tierheim für seinen Pet-Store-Dienst bekommen hat.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet…</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
    <message>
        <source>Save a key that failed the test?</source>
        <translation>Einen Schlüssel speichern, der den Test nicht bestanden hat?</translation>
    </message>
    <message>
        <source>This key failed the test a moment ago:
{refused_why}

Save it anyway?</source>
        <translation>Dieser Schlüssel hat den Test gerade nicht bestanden:
{refused_why}

Trotzdem speichern?</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>AuthController</name>
    <message>
        <source>The service did not accept the saved API key: it is not accepted at this address. Enter the key again, and check the address.</source>
        <extracomment>A job was refused for want of a valid key: open the key dialog with this reason. The key dialog&apos;s Test: what it found (:class:`Reach`) and the sentence to show. Saved: the message for the status bar (a keyring problem, or that it was saved). Saving failed: the message for the dialog. A held job that ended without a key: its 401 went to its own completion. A pair passed the key dialog&apos;s Test and was kept: the sentence for the status bar once the dialog closes (``None``: nothing kept).</extracomment>
        <translation>Der Dienst hat den gespeicherten API-Schlüssel nicht angenommen: er wird unter dieser Adresse nicht akzeptiert. Geben Sie den Schlüssel erneut ein und prüfen Sie die Adresse.</translation>
    </message>
    <message>
        <source>The tested address and API key are in use.</source>
        <translation>Die getestete Adresse und der API-Schlüssel sind jetzt in Gebrauch.</translation>
    </message>
    <message>
        <source>Connected: the key works. PetDesk keeps this address and key.</source>
        <translation>Verbunden: der Schlüssel funktioniert. PetDesk behält diese Adresse und diesen Schlüssel.</translation>
    </message>
    <message>
        <source>Connected: the saved key works at this address. PetDesk keeps this address.</source>
        <translation>Verbunden: der gespeicherte Schlüssel funktioniert unter dieser Adresse. PetDesk behält diese Adresse.</translation>
    </message>
    <message>
        <source>Testing the connection…</source>
        <translation>Verbindung wird getestet…</translation>
    </message>
    <message>
        <source>This address does not exist: no computer on the network is called {address}. Check the address; if it is right, check that this computer is online.</source>
        <translation>Diese Adresse gibt es nicht: kein Computer im Netz heißt {address}. Prüfen Sie die Adresse; wenn sie stimmt, prüfen Sie, ob dieser Computer online ist.</translation>
    </message>
    <message>
        <source>No network connection to {address}: this computer may be offline, or nothing answers at that address. Check the network connection, then the address.</source>
        <translation>Keine Netzwerkverbindung zu {address}: dieser Computer ist vielleicht offline, oder unter dieser Adresse antwortet nichts. Prüfen Sie die Netzwerkverbindung, dann die Adresse.</translation>
    </message>
    <message>
        <source>This key cannot be used: {reason}.</source>
        <translation>Dieser Schlüssel kann nicht verwendet werden: {reason}.</translation>
    </message>
    <message>
        <source>The service refused this key: it is not accepted at this address. The address is right (the service answered).</source>
        <translation>Der Dienst hat diesen Schlüssel abgelehnt: er wird unter dieser Adresse nicht akzeptiert. Die Adresse stimmt (der Dienst hat geantwortet).</translation>
    </message>
    <message>
        <source>Something answers at this address, but not the Pet Store service. Check the address: it usually ends in /v1.</source>
        <translation>Unter dieser Adresse antwortet etwas, aber nicht der Pet-Store-Dienst. Prüfen Sie die Adresse: sie endet meist auf /v1.</translation>
    </message>
    <message>
        <source>Service address saved.</source>
        <translation>Adresse des Dienstes gespeichert.</translation>
    </message>
    <message>
        <source>API key saved in the system keyring.</source>
        <translation>API-Schlüssel im Schlüsselbund des Systems gespeichert.</translation>
    </message>
    <message>
        <source>Saving the key…</source>
        <translation>Schlüssel wird gespeichert…</translation>
    </message>
</context>
<context>
    <name>BulkDialogs</name>
    <message>
        <source>Import</source>
        <translation>Import</translation>
    </message>
</context>
<context>
    <name>CardPageSize</name>
    <message>
        <source>A4 (6 cards a page)</source>
        <extracomment>Quiet zone around the QR code, in modules (ISO/IEC 18004 asks for 4). Longer text is cut before it is laid out (a server may send a name of any length; a card holds far fewer characters than this even at the smallest size).</extracomment>
        <translation>A4 (6 Karten pro Seite)</translation>
    </message>
    <message>
        <source>Letter (6 cards a page)</source>
        <translation>Letter (6 Karten pro Seite)</translation>
    </message>
    <message>
        <source>4 × 6 in (1 card a page)</source>
        <translation>4 × 6 Zoll (1 Karte pro Seite)</translation>
    </message>
</context>
<context>
    <name>CardsAndCategories</name>
    <message>
        <source>Category names — {label}</source>
        <extracomment>The pet the detail panel shows (``None``: none). The names already read at start (instant start), shown until the load.</extracomment>
        <translation>Kategorienamen — {label}</translation>
    </message>
    <message>
        <source>Kennel cards saved to {path}.</source>
        <translation>Zwingerkarten in {path} gespeichert.</translation>
    </message>
    <message>
        <source>Select a pet first: its kennel card is printed.</source>
        <translation>Wählen Sie zuerst ein Tier aus: seine Zwingerkarte wird gedruckt.</translation>
    </message>
    <message>
        <source>Kennel cards sent to the printer.</source>
        <translation>Zwingerkarten an den Drucker gesendet.</translation>
    </message>
</context>
<context>
    <name>CatalogueController</name>
    <message>
        <source>The catalogue is switched off: turn it on in File › Settings… to keep it up to date.</source>
        <extracomment>The longest the timer sleeps before stepping again (a longer wait is re-asked). After a failed or stopped step, try again after this. How the catalogue stands: a :class:`~petdesk.services.catalogue.service.CatalogueReport`. The mirror&apos;s rows changed (a view over it re-reads its count and rows). One sentence for the status bar (the catalogue&apos;s file was set aside, …).</extracomment>
        <translation>Der Katalog ist ausgeschaltet: Schalten Sie ihn unter Datei › Einstellungen… ein, damit er aktuell bleibt.</translation>
    </message>
    <message>
        <source>Updating the catalogue…</source>
        <translation>Katalog wird aktualisiert…</translation>
    </message>
    <message>
        <source>The catalogue is not updated while the shared store cannot be reached: it is kept there for every desk.</source>
        <translation>Der Katalog wird nicht aktualisiert, solange der gemeinsame Speicher nicht erreichbar ist: Er wird dort für alle Arbeitsplätze geführt.</translation>
    </message>
    <message>
        <source>The catalogue could not be updated: {error}</source>
        <translation>Der Katalog konnte nicht aktualisiert werden: {error}</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <source>Searching the catalogue…</source>
        <translation>Der Katalog wird durchsucht…</translation>
    </message>
    <message>
        <source>The search was stopped. Press Enter to search again.</source>
        <translation>Die Suche wurde angehalten. Drücken Sie die Eingabetaste, um erneut zu suchen.</translation>
    </message>
    <message>
        <source>Find any animal</source>
        <extracomment>Typing pauses this long before a search runs. The orders offered (sort, descending), named in :meth:`CatalogueDialog._order_names`; the first is the default. Open the detail of this pet (an id typed, or a result chosen). The user asked for an update of the catalogue.</extracomment>
        <translation>Beliebiges Tier finden</translation>
    </message>
    <message>
        <source>Name or ID, e.g. Mochi or 1042</source>
        <translation>Name oder ID, z. B. Mochi oder 1042</translation>
    </message>
    <message>
        <source>Find a pet by name or ID</source>
        <translation>Ein Tier nach Name oder ID finden</translation>
    </message>
    <message>
        <source>Order of the results</source>
        <translation>Reihenfolge der Ergebnisse</translation>
    </message>
    <message>
        <source>Pets found</source>
        <translation>Gefundene Tiere</translation>
    </message>
    <message>
        <source>Update now</source>
        <translation>Jetzt aktualisieren</translation>
    </message>
    <message>
        <source>Look for new pets now (Ctrl+Shift+U)</source>
        <translation>Jetzt nach neuen Tieren suchen (Strg+Umschalt+U)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>&amp;Find:</source>
        <translation>&amp;Suchen:</translation>
    </message>
    <message>
        <source>&amp;Order:</source>
        <translation>&amp;Reihenfolge:</translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation>Neueste zuerst</translation>
    </message>
    <message>
        <source>Oldest first</source>
        <translation>Älteste zuerst</translation>
    </message>
    <message>
        <source>Name, A to Z</source>
        <translation>Name, A bis Z</translation>
    </message>
    <message>
        <source>Name, Z to A</source>
        <translation>Name, Z bis A</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>{name}, reversed</source>
        <translation>{name}, umgekehrt</translation>
    </message>
</context>
<context>
    <name>CatalogueResultsModel</name>
    <message>
        <source>ID</source>
        <extracomment>Rows read at a time. Windows held at most (the rest are read again when shown). The order of each column, for the header&apos;s sort. A search was asked for (its count and first rows are being read). The search&apos;s first window was not read (stopped, or the store failed). The first window of the current search is being read. The status icons drawn, per status and palette.</extracomment>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>CatalogueSettingsBox</name>
    <message>
        <source>Catalogue (to find any animal by name)</source>
        <translation>Katalog (um jedes Tier nach Namen zu finden)</translation>
    </message>
    <message>
        <source>&amp;Keep a copy of the whole catalogue on this computer</source>
        <translation>Eine Kopie des gesamten &amp;Katalogs auf diesem Computer behalten</translation>
    </message>
    <message>
        <source>Look for new pets every</source>
        <translation>Nach neuen Tieren suchen alle</translation>
    </message>
    <message>
        <source> min</source>
        <translation> Min.</translation>
    </message>
    <message>
        <source>Share of the day&apos;s requests it may use</source>
        <translation>Anteil der täglichen Anfragen, den er nutzen darf</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Requests a day on your plan</source>
        <translation>Anfragen pro Tag in Ihrem Tarif</translation>
    </message>
    <message>
        <source>Look for new pets &amp;every:</source>
        <translation>Nach neuen Tieren suchen &amp;alle:</translation>
    </message>
    <message>
        <source>Use at &amp;most:</source>
        <translation>&amp;Höchstens nutzen:</translation>
    </message>
    <message>
        <source>Requests a &amp;day on your plan:</source>
        <translation>Anfragen pro Tag in Ihrem Ta&amp;rif:</translation>
    </message>
    <message>
        <source>Off: PetDesk sends no requests for the catalogue. Finding a pet by name searches only what was already downloaded.</source>
        <translation>Aus: PetDesk sendet keine Anfragen für den Katalog. Die Suche nach Namen durchsucht nur, was bereits heruntergeladen wurde.</translation>
    </message>
    <message>
        <source>Downloading the catalogue takes one request per 100 pets. Then each check for new pets costs one or two requests ({updates} checks a day), and every page is read again once a day. The catalogue never uses more than {allowance} requests a day, and never the requests kept for your own work.</source>
        <translation>Das Herunterladen des Katalogs kostet eine Anfrage pro 100 Tiere. Danach kostet jede Suche nach neuen Tieren ein oder zwei Anfragen ({updates} Suchen am Tag), und jede Seite wird einmal am Tag neu gelesen. Der Katalog verbraucht nie mehr als {allowance} Anfragen am Tag und nie die Anfragen, die für Ihre eigene Arbeit reserviert sind.</translation>
    </message>
</context>
<context>
    <name>CategoriesDialog</name>
    <message>
        <source>Category names</source>
        <translation>Kategorienamen</translation>
    </message>
</context>
<context>
    <name>CategoriesPage</name>
    <message>
        <source>Import category names</source>
        <translation>Kategorienamen importieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV-Dateien (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export category names</source>
        <translation>Kategorienamen exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>New category ID</source>
        <translation>Neue Kategorie-ID</translation>
    </message>
    <message>
        <source>Name, e.g. Dogs</source>
        <translation>Name, z. B. Hunde</translation>
    </message>
    <message>
        <source>New category name</source>
        <translation>Neuer Kategoriename</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>Added {label}.</source>
        <translation>{label} hinzugefügt.</translation>
    </message>
    <message>
        <source>Removed {removed}.</source>
        <translation>{removed} entfernt.</translation>
    </message>
    <message>
        <source>Reading {path}…</source>
        <translation>{path} wird gelesen…</translation>
    </message>
    <message>
        <source>{name}: </source>
        <translation>{name}: </translation>
    </message>
    <message>
        <source>Imported {name}: {changed} names added or changed.</source>
        <translation>{name} importiert: {changed} Namen hinzugefügt oder geändert.</translation>
    </message>
    <message>
        <source>Exported {count} names to {path}.</source>
        <translation>{count} Namen nach {path} exportiert.</translation>
    </message>
    <message>
        <source>Category names</source>
        <translation>Kategorienamen</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>The service knows categories only by number. Name them here; the table, the details and the kennel cards show “Dogs (1)”, or the number alone.</source>
        <translation>Der Dienst kennt Kategorien nur als Nummer. Benennen Sie sie hier; Tabelle, Angaben und Zwingerkarten zeigen dann „Hunde (1)“ oder nur die Nummer.</translation>
    </message>
    <message>
        <source>%1 could not be read</source>
        <translation>%1 konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>categories.csv</source>
        <translation>kategorien.csv</translation>
    </message>
    <message>
        <source>%1 could not be written</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>CategoryCombo</name>
    <message>
        <source>Category name or number</source>
        <translation>Name oder Nummer der Kategorie</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Choose a named category or type its number</source>
        <translation>Benannte Kategorie wählen oder Nummer eingeben</translation>
    </message>
    <message>
        <source>Choose a category or type its number.</source>
        <translation>Wählen Sie eine Kategorie oder geben Sie ihre Nummer ein.</translation>
    </message>
    <message>
        <source>“{text}” fits several categories: {listed}. Type more of the name, or its number.</source>
        <translation>„{text}“ passt zu mehreren Kategorien: {listed}. Geben Sie mehr vom Namen ein oder die Nummer.</translation>
    </message>
    <message>
        <source>No category is called “{text}”. Type its number, or name it in File › Categories…</source>
        <translation>Keine Kategorie heißt „{text}“. Geben Sie ihre Nummer ein oder benennen Sie sie unter Datei › Kategorien…</translation>
    </message>
</context>
<context>
    <name>CategoryModel</name>
    <message>
        <source>Category ID</source>
        <extracomment>The role whose data is the row&apos;s :class:`Category`. After every edit by the user: add, rename, remove, import (what is saved). After every change of what :meth:`label` answers, the table loaded at start included: views showing category labels refresh on it. A rejected edit in place, with the sentence to show.</extracomment>
        <translation>Kategorie-ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
</context>
<context>
    <name>CategoryPersistence</name>
    <message>
        <source>Changes to category names are not saved.</source>
        <extracomment>The table was loaded (or seeded) and shown. A save finished. Loading or saving failed, with the sentence to show.</extracomment>
        <translation>Änderungen an Kategorienamen werden nicht gespeichert.</translation>
    </message>
</context>
<context>
    <name>CategoryWordsDialog</name>
    <message>
        <source>Category words</source>
        <translation>Kategoriewörter</translation>
    </message>
    <message>
        <source>The service knows categories by number. Say which category each word of the file means; leave a word empty to leave its rows out. PetDesk remembers your answers for files with the same columns.</source>
        <translation>Der Dienst kennt Kategorien nur als Nummern. Geben Sie an, welche Kategorie jedes Wort der Datei meint; lassen Sie ein Wort leer, um seine Zeilen auszulassen. PetDesk merkt sich Ihre Antworten für Dateien mit denselben Spalten.</translation>
    </message>
    <message>
        <source>Word in the file</source>
        <translation>Wort in der Datei</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Check rows again</source>
        <translation>Zeilen erneut prüfen</translation>
    </message>
    <message>
        <source>“{word}”: {error}</source>
        <translation>„{word}“: {error}</translation>
    </message>
</context>
<context>
    <name>ColumnsPage</name>
    <message>
        <source>Sheet</source>
        <extracomment>What the user chose to read differently: (sheet, encoding, delimiter); ``None``: as detected.</extracomment>
        <translation>Tabellenblatt</translation>
    </message>
    <message>
        <source>Text encoding</source>
        <translation>Zeichenkodierung</translation>
    </message>
    <message>
        <source>As detected</source>
        <translation>Wie erkannt</translation>
    </message>
    <message>
        <source>Separator</source>
        <translation>Trennzeichen</translation>
    </message>
    <message>
        <source>Sheet:</source>
        <translation>Tabellenblatt:</translation>
    </message>
    <message>
        <source>Text encoding:</source>
        <translation>Zeichenkodierung:</translation>
    </message>
    <message>
        <source>Separator:</source>
        <translation>Trennzeichen:</translation>
    </message>
    <message>
        <source>{label} is in:</source>
        <translation>{label} steht unter:</translation>
    </message>
    <message>
        <source>File: {name} ({size})</source>
        <translation>Datei: {name} ({size})</translation>
    </message>
    <message>
        <source>Detected: {detected}</source>
        <translation>Erkannt: {detected}</translation>
    </message>
    <message>
        <source>This workbook has {sheets} sheets: choose the one with the pets.</source>
        <translation>Diese Arbeitsmappe hat {sheets} Tabellenblätter: Wählen Sie das mit den Tieren.</translation>
    </message>
    <message>
        <source>column {index}</source>
        <translation>Spalte {index}</translation>
    </message>
    <message>
        <source>This workbook has {sheets} sheets; “{sheet}” is read.</source>
        <translation>Diese Arbeitsmappe hat {sheets} Tabellenblätter; „{sheet}“ wird gelesen.</translation>
    </message>
    <message>
        <source>Category words: {listed}</source>
        <translation>Kategoriewörter: {listed}</translation>
    </message>
    <message>
        <source>Not imported (a pet has only a name, a category and a status): {dropped}.</source>
        <translation>Nicht übernommen (ein Tier hat nur Namen, Kategorie und Status): {dropped}.</translation>
    </message>
    <message>
        <source>Choose the column of {missing} first.</source>
        <translation>Wählen Sie zuerst die Spalte für {missing}.</translation>
    </message>
    <message>
        <source>Check rows</source>
        <translation>Zeilen prüfen</translation>
    </message>
    <message>
        <source>Other file…</source>
        <translation>Andere Datei…</translation>
    </message>
    <message>
        <source>(not in this file)</source>
        <translation>(nicht in dieser Datei)</translation>
    </message>
    <message>
        <source>(no status)</source>
        <translation>(kein Status)</translation>
    </message>
    <message>
        <source>Columns as you chose them last time for this layout.</source>
        <translation>Spalten wie beim letzten Mal für diesen Aufbau gewählt.</translation>
    </message>
</context>
<context>
    <name>ConnectionController</name>
    <message>
        <source>in-process sandbox</source>
        <extracomment>What the window shows as the demo&apos;s address (requests never leave the process).</extracomment>
        <translation>Sandbox in PetDesk (lokal)</translation>
    </message>
    <message>
        <source>Demo</source>
        <extracomment>The connection in use changed: the new one (the worker follows it, before :attr:`changed`). The environment, address or timeout changed (the list must be reloaded).</extracomment>
        <translation>Demo</translation>
    </message>
    <message>
        <source>Staging</source>
        <translation>Testumgebung</translation>
    </message>
    <message>
        <source>Production</source>
        <translation>Produktion</translation>
    </message>
    <message>
        <source>{label} (not set up)</source>
        <translation>{label} (nicht eingerichtet)</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <source>PetDesk ran into a problem</source>
        <translation>In PetDesk ist ein Problem aufgetreten</translation>
    </message>
    <message>
        <source>Something unexpected went wrong inside PetDesk. You can keep working: what you typed is still there. If it happens again, copy the details below and send them to your support contact.</source>
        <translation>In PetDesk ist etwas Unerwartetes schiefgegangen. Sie können weiterarbeiten: Ihre Eingaben sind noch da. Wenn es wieder passiert, kopieren Sie die Details unten und senden Sie sie an Ihren Support-Kontakt.</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>Technische Details</translation>
    </message>
    <message>
        <source>&amp;Copy details</source>
        <translation>Details &amp;kopieren</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
</context>
<context>
    <name>DecisionsPanel</name>
    <message>
        <source>Row</source>
        <extracomment>The decisions table&apos;s columns.</extracomment>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Is it one of these pets?</source>
        <translation>Ist es eines dieser Tiere?</translation>
    </message>
    <message>
        <source>Apply answers</source>
        <translation>Antworten übernehmen</translation>
    </message>
    <message>
        <source>All: the first matching pet</source>
        <translation>Alle: das erste passende Tier</translation>
    </message>
    <message>
        <source>All: none of them, send again</source>
        <translation>Alle: keines davon, erneut senden</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Yes: it is pet {pet_id}</source>
        <translation>Ja: es ist Tier {pet_id}</translation>
    </message>
    <message>
        <source>{pending} rows were sent but the service&apos;s answer was lost, and it now has several pets that could be each of them. Say which pet each row is, or that none is (PetDesk then sends it again). Nothing else waits for this.</source>
        <translation>{pending} Zeilen wurden gesendet, aber die Antwort des Dienstes ging verloren, und er hat jetzt mehrere Tiere, die jeweils diese Zeile sein könnten. Geben Sie an, welches Tier jede Zeile ist, oder dass es keines ist (PetDesk sendet sie dann erneut). Sonst wartet nichts darauf.</translation>
    </message>
    <message>
        <source>No, none of them: send it again</source>
        <translation>Nein, keines davon: erneut senden</translation>
    </message>
</context>
<context>
    <name>DemoCategories</name>
    <message>
        <source>Dogs</source>
        <extracomment>The longest category name accepted. The most categories a table holds (bounds memory and the CSV import). The largest CSV file read. The largest JSON file read.</extracomment>
        <translation>Hunde</translation>
    </message>
    <message>
        <source>Cats</source>
        <translation>Katzen</translation>
    </message>
    <message>
        <source>Rabbits</source>
        <translation>Kaninchen</translation>
    </message>
    <message>
        <source>Birds</source>
        <translation>Vögel</translation>
    </message>
    <message>
        <source>Reptiles</source>
        <translation>Reptilien</translation>
    </message>
    <message>
        <source>Small mammals</source>
        <translation>Kleinsäuger</translation>
    </message>
    <message>
        <source>Fish</source>
        <translation>Fische</translation>
    </message>
</context>
<context>
    <name>EnvironmentBanner</name>
    <message>
        <source>&lt;b&gt;DEMO&lt;/b&gt; — sample data on this computer; nothing leaves it</source>
        <extracomment>The status filter&apos;s entry for pets without a status (filtered over the loaded rows: the list API takes a status, and has no way to ask for &quot;none&quot;). Banner colours (background, text) by environment; production uses the palette&apos;s.</extracomment>
        <translation>&lt;b&gt;DEMO&lt;/b&gt; — Beispieldaten auf diesem Computer; nichts verlässt ihn</translation>
    </message>
    <message>
        <source>&lt;b&gt;STAGING&lt;/b&gt; — not set up: enter the service address with File › API key…</source>
        <translation>&lt;b&gt;TESTUMGEBUNG&lt;/b&gt; — nicht eingerichtet: Adresse des Dienstes mit Datei › API-Schlüssel… eingeben</translation>
    </message>
    <message>
        <source>&lt;b&gt;Production&lt;/b&gt; — not set up: enter the service address with File › API key…</source>
        <translation>&lt;b&gt;Produktion&lt;/b&gt; — nicht eingerichtet: Adresse des Dienstes mit Datei › API-Schlüssel… eingeben</translation>
    </message>
    <message>
        <source>&lt;b&gt;STAGING&lt;/b&gt; — test environment: {address}</source>
        <translation>&lt;b&gt;TESTUMGEBUNG&lt;/b&gt; — Staging zum Ausprobieren: {address}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Production&lt;/b&gt; — live data: {address}</source>
        <translation>&lt;b&gt;Produktion&lt;/b&gt; — echte Daten: {address}</translation>
    </message>
    <message>
        <source>Environment: {label}</source>
        <translation>Umgebung: {label}</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>CSV, UTF-8 (*.csv);;Excel workbook (*.xlsx)</source>
        <translation>CSV, UTF-8 (*.csv);;Excel-Arbeitsmappe (*.xlsx)</translation>
    </message>
    <message>
        <source>Export pets to</source>
        <translation>Tiere exportieren nach</translation>
    </message>
    <message>
        <source>Export pets</source>
        <translation>Tiere exportieren</translation>
    </message>
    <message>
        <source>all statuses</source>
        <translation>alle Status</translation>
    </message>
    <message>
        <source>status “{status}”</source>
        <translation>Status „{status}“</translation>
    </message>
    <message>
        <source>Every pet of the current list ({which}), all pages</source>
        <translation>Jedes Tier der aktuellen Liste ({which}), alle Seiten</translation>
    </message>
    <message>
        <source>Only the selected rows ({selected})</source>
        <translation>Nur die ausgewählten Zeilen ({selected})</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>Exportfortschritt</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>CSV files open in Excel with every accent intact; the whole list is fetched page by page at the pace your plan allows.</source>
        <translation>CSV-Dateien öffnen sich in Excel mit allen Umlauten und Akzenten; die ganze Liste wird Seite für Seite abgerufen, so schnell Ihr Tarif es erlaubt.</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Wird exportiert…</translation>
    </message>
    <message>
        <source>Exporting… {rows} pets so far</source>
        <translation>Wird exportiert… bisher {rows} Tiere</translation>
    </message>
    <message>
        <source>Exported {rows} pets to {name}.</source>
        <translation>{rows} Tiere nach {name} exportiert.</translation>
    </message>
    <message>
        <source>The export failed: {error}</source>
        <translation>Der Export ist fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>Export cancelled; no file was written.</source>
        <translation>Export abgebrochen; es wurde keine Datei geschrieben.</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>Filters and look-up</source>
        <extracomment>The narrowest the name filter and the look-up field get (they stay usable).</extracomment>
        <translation>Filter und Suche</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Demo (sandbox)</source>
        <translation>Demo (Sandbox)</translation>
    </message>
    <message>
        <source>Production</source>
        <translation>Produktion</translation>
    </message>
    <message>
        <source>Staging</source>
        <translation>Testumgebung</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>Statusfilter</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Page size</source>
        <translation>Tiere pro Seite</translation>
    </message>
    <message>
        <source>How many pets to load per page (1–100)</source>
        <translation>Wie viele Tiere pro Seite geladen werden (1–100)</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Filter by name (Ctrl+F)</source>
        <translation>Nach Name filtern (Strg+F)</translation>
    </message>
    <message>
        <source>Quick filter by name</source>
        <translation>Schnellfilter nach Name</translation>
    </message>
    <message>
        <source>Filters the pets loaded in the table. With the catalogue on, also counts the pets of the whole catalogue named like this: Enter shows them in Find any animal (Ctrl+Shift+F).</source>
        <translation>Filtert die in der Tabelle geladenen Tiere. Ist der Katalog eingeschaltet, zählt er auch die Tiere des ganzen Katalogs mit diesem Namen: Die Eingabetaste zeigt sie unter „Beliebiges Tier finden“ (Strg+Umschalt+F).</translation>
    </message>
    <message>
        <source>Look up ID (Ctrl+L)</source>
        <translation>ID suchen (Strg+L)</translation>
    </message>
    <message>
        <source>Look up a pet by ID</source>
        <translation>Ein Tier nach ID suchen</translation>
    </message>
    <message>
        <source>Type a pet ID and press Enter</source>
        <translation>Tier-ID eingeben und Enter drücken</translation>
    </message>
    <message>
        <source>Add pet…</source>
        <translation>Neues Tier…</translation>
    </message>
    <message>
        <source>Add pet</source>
        <translation>Tier aufnehmen</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>&amp;Umgebung:</translation>
    </message>
    <message>
        <source>S&amp;tatus:</source>
        <translation>S&amp;tatus:</translation>
    </message>
    <message>
        <source>Page si&amp;ze:</source>
        <translation>Pro &amp;Seite:</translation>
    </message>
</context>
<context>
    <name>Import</name>
    <message>
        <source>{counts}, {earlier:,} already added by an earlier import of this file</source>
        <extracomment>A valid row&apos;s values: name (as NewPet normalised it), category id, status (its wire value). Plain values only, so the garbage collector can stop tracking the row. The cells as in the file (shortened for display). What ``NewPet`` validation produced (name, categoryId, status); ``None`` when the row is invalid. Plain values, not the model: 100,000 kept models and their sets would make the garbage collector a third of the preview&apos;s time. The id an earlier import of this file gave the row (it is not sent again). Possible duplicates the user chose to add anyway. Rows an earlier import of this file added: not sent again.</extracomment>
        <translation>{counts}, {earlier:,} schon bei einem früheren Import dieser Datei aufgenommen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Category ID</source>
        <translation>Kategorie-ID</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>{field} points at a column this file does not have.</source>
        <extracomment>Normalised header → (field, rank); a lower rank wins when several columns match.</extracomment>
        <translation>{field} verweist auf eine Spalte, die es in dieser Datei nicht gibt.</translation>
    </message>
    <message>
        <source>One column cannot hold two different fields.</source>
        <translation>Eine Spalte kann nicht zwei verschiedene Felder enthalten.</translation>
    </message>
    <message>
        <source>Both “{first}” and “{second}” look like {field}; using “{first}”.</source>
        <translation>Sowohl „{first}“ als auch „{second}“ sehen nach {field} aus; „{first}“ wird verwendet.</translation>
    </message>
    <message>
        <source>Category ID is read from “{column}”: say which category number each of its words means.</source>
        <translation>Die Kategorie-ID wird aus „{column}“ gelesen: geben Sie an, welche Kategorienummer jedes ihrer Wörter bedeutet.</translation>
    </message>
    <message>
        <source>No column looks like {field}: choose one.</source>
        <translation>Keine Spalte sieht nach {field} aus: wählen Sie eine.</translation>
    </message>
    <message>
        <source>Row {row}, {column}: {message}</source>
        <extracomment>The column as staff see it: ``Category ID (column C)``.</extracomment>
        <translation>Zeile {row}, {column}: {message}</translation>
    </message>
    <message>
        <source>same name, category and status as row {row}</source>
        <translation>gleicher Name, gleiche Kategorie und gleicher Status wie Zeile {row}</translation>
    </message>
    <message>
        <source>same name, category and status as pet {id}</source>
        <translation>gleicher Name, gleiche Kategorie und gleicher Status wie Tier {id}</translation>
    </message>
    <message>
        <source>same name, category and status as a pet waiting to be sent</source>
        <translation>gleicher Name, gleiche Kategorie und gleicher Status wie ein Tier, das noch gesendet wird</translation>
    </message>
    <message>
        <source>1 row</source>
        <translation>1 Zeile</translation>
    </message>
    <message>
        <source>{count:,} rows</source>
        <translation>{count:,} Zeilen</translation>
    </message>
    <message>
        <source>1 possible duplicate</source>
        <translation>1 mögliches Duplikat</translation>
    </message>
    <message>
        <source>{count:,} possible duplicates</source>
        <translation>{count:,} mögliche Duplikate</translation>
    </message>
    <message>
        <source>{rows}: {ready:,} ready, {invalid:,} invalid, {duplicates} ({to_add:,} to add anyway)</source>
        <translation>{rows}: {ready:,} bereit, {invalid:,} ungültig, {duplicates} ({to_add:,} werden trotzdem aufgenommen)</translation>
    </message>
    <message>
        <source>{rows}: {ready:,} ready, {invalid:,} invalid, {duplicates}</source>
        <translation>{rows}: {ready:,} bereit, {invalid:,} ungültig, {duplicates}</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>must be a whole number like 3 or a word set under Category names, not “{value}”</source>
        <translation>muss eine ganze Zahl wie 3 oder ein unter Kategorienamen festgelegtes Wort sein, nicht „{value}“</translation>
    </message>
    <message>
        <source>must be a whole number like 3, not “{value}”</source>
        <translation>muss eine ganze Zahl wie 3 sein, nicht „{value}“</translation>
    </message>
    <message>
        <source>must be available, pending or sold (or empty), not “{value}”</source>
        <translation>muss available, pending oder sold sein (oder leer), nicht „{value}“</translation>
    </message>
    <message>
        <source>must be at most {max:,}</source>
        <translation>darf höchstens {max:,} sein</translation>
    </message>
    <message>
        <source>must be 1 or more</source>
        <translation>muss 1 oder größer sein</translation>
    </message>
    <message>
        <source>must be at most {max} characters</source>
        <translation>darf höchstens {max} Zeichen haben</translation>
    </message>
    <message>
        <source>{field} {problem}</source>
        <translation>{field} {problem}</translation>
    </message>
    <message>
        <source>Choose the column that holds {field}.</source>
        <extracomment>Row number -&gt; index in the preview&apos;s rows (ints only: not tracked by gc). Rows an earlier import of this file added (not sent again). The most distinct category words a preview lists (the rest are counted together).</extracomment>
        <translation>Wählen Sie die Spalte mit {field}.</translation>
    </message>
    <message>
        <source>Choose the columns that hold {first} and {second}.</source>
        <translation>Wählen Sie die Spalten mit {first} und {second}.</translation>
    </message>
    <message>
        <source>separated by {delimiter}</source>
        <extracomment>SHA-256 of the file&apos;s bytes: identifies &quot;this same file&quot; across restarts. CSV only: the Python codec name and the delimiter. Spreadsheets only: the sheet read, and every visible worksheet (to choose from).</extracomment>
        <translation>getrennt durch {delimiter}</translation>
    </message>
    <message>
        <source>sheet “{sheet}”</source>
        <translation>Blatt „{sheet}“</translation>
    </message>
    <message>
        <source>UTF-8 (with BOM)</source>
        <translation>UTF-8 (mit BOM)</translation>
    </message>
    <message>
        <source>commas</source>
        <translation>Kommas</translation>
    </message>
    <message>
        <source>semicolons</source>
        <translation>Semikolons</translation>
    </message>
    <message>
        <source>tabs</source>
        <translation>Tabulatoren</translation>
    </message>
    <message>
        <source>pipes</source>
        <translation>senkrechte Striche</translation>
    </message>
    <message>
        <source>Row {row} is longer than {limit:,} characters. This does not look like a table of pets.</source>
        <extracomment>Excel&apos;s own delimiter hint, alone on the first line: ``sep=;``.</extracomment>
        <translation>Zeile {row} ist länger als {limit:,} Zeichen. Das sieht nicht nach einer Tabelle mit Tieren aus.</translation>
    </message>
    <message>
        <source>Row {row} could not be read ({reason}).</source>
        <translation>Zeile {row} konnte nicht gelesen werden ({reason}).</translation>
    </message>
    <message>
        <source>This file is not {encoding} text: choose another encoding.</source>
        <translation>Diese Datei ist kein {encoding}-Text: wählen Sie eine andere Zeichenkodierung.</translation>
    </message>
    <message>
        <source>Row {row} has more than {limit:,} columns.</source>
        <translation>Zeile {row} hat mehr als {limit:,} Spalten.</translation>
    </message>
    <message>
        <source>Row {row} has a cell longer than {limit:,} characters.</source>
        <translation>Zeile {row} hat eine Zelle mit mehr als {limit:,} Zeichen.</translation>
    </message>
    <message>
        <source>“{encoding}” is not a text encoding PetDesk knows.</source>
        <translation>„{encoding}“ ist keine Zeichenkodierung, die PetDesk kennt.</translation>
    </message>
    <message>
        <source>This file is empty: it has no header row and no pets.</source>
        <translation>Diese Datei ist leer: sie hat keine Kopfzeile und keine Tiere.</translation>
    </message>
    <message>
        <source>“{file}” no longer exists.</source>
        <translation>„{file}“ gibt es nicht mehr.</translation>
    </message>
    <message>
        <source>“{file}” could not be opened ({reason}).</source>
        <translation>„{file}“ konnte nicht geöffnet werden ({reason}).</translation>
    </message>
    <message>
        <source>“{file}” is not a file.</source>
        <translation>„{file}“ ist keine Datei.</translation>
    </message>
    <message>
        <source>“{file}” is {size:,} MB; PetDesk imports files up to {limit:,} MB. Split it into smaller files.</source>
        <translation>„{file}“ ist {size:,} MB groß; PetDesk importiert Dateien bis {limit:,} MB. Teilen Sie sie in kleinere Dateien auf.</translation>
    </message>
    <message>
        <source>“{file}” is empty.</source>
        <translation>„{file}“ ist leer.</translation>
    </message>
    <message>
        <source>PetDesk may not read “{file}” (permission denied).</source>
        <translation>PetDesk darf „{file}“ nicht lesen (Zugriff verweigert).</translation>
    </message>
    <message>
        <source>“{file}” could not be read ({reason}).</source>
        <translation>„{file}“ konnte nicht gelesen werden ({reason}).</translation>
    </message>
    <message>
        <source>“{file}” changed since it was opened: open it again.</source>
        <extracomment>The mapping to propose: the remembered one for this layout, else the suggestion. True when ``mapping`` was remembered from an earlier import of this layout.</extracomment>
        <translation>„{file}“ hat sich seit dem Öffnen geändert: öffnen Sie die Datei erneut.</translation>
    </message>
    <message>
        <source>This file is damaged: it is not a readable spreadsheet.</source>
        <translation>Diese Datei ist beschädigt: sie ist keine lesbare Tabelle.</translation>
    </message>
    <message>
        <source>less than a minute</source>
        <extracomment>The plans of spec section 8 (Enterprise is &quot;custom&quot;: pass a Plan of its own). Pets a minute the estimate assumes. Pets that can still go today, and those that wait for the day&apos;s reset. Seconds until ``today`` are sent (0 when nothing can go today). When the day&apos;s quota resets (set when ``later`` &gt; 0).</extracomment>
        <translation>weniger als eine Minute</translation>
    </message>
    <message>
        <source>about {minutes} min</source>
        <translation>etwa {minutes} Min.</translation>
    </message>
    <message>
        <source>about {hours} h {minutes} min</source>
        <translation>etwa {hours} Std. {minutes} Min.</translation>
    </message>
    <message>
        <source>about {hours} h</source>
        <translation>etwa {hours} Std.</translation>
    </message>
    <message>
        <source>{utc} UTC</source>
        <translation>{utc} UTC</translation>
    </message>
    <message>
        <source>{local} ({utc} UTC)</source>
        <translation>{local} ({utc} UTC)</translation>
    </message>
    <message>
        <source>the other one waits for tomorrow, from {time}</source>
        <translation>das übrige wartet auf morgen, ab {time}</translation>
    </message>
    <message>
        <source>the other {count:,} wait for tomorrow, from {time}</source>
        <translation>die übrigen {count:,} warten auf morgen, ab {time}</translation>
    </message>
    <message>
        <source>the other one waits until {time}</source>
        <translation>das übrige wartet bis {time}</translation>
    </message>
    <message>
        <source>the other {count:,} wait until {time}</source>
        <translation>die übrigen {count:,} warten bis {time}</translation>
    </message>
    <message>
        <source>{done:,} of {total:,}</source>
        <translation>{done:,} von {total:,}</translation>
    </message>
    <message>
        <source>{head} · done</source>
        <translation>{head} · fertig</translation>
    </message>
    <message>
        <source>{head} · paused</source>
        <translation>{head} · angehalten</translation>
    </message>
    <message>
        <source>{head} · today&apos;s quota is used up: {waiting}</source>
        <translation>{head} · das Kontingent für heute ist aufgebraucht: {waiting}</translation>
    </message>
    <message>
        <source>at {rate:,} a minute</source>
        <translation>bei {rate:,} pro Minute</translation>
    </message>
    <message>
        <source>{head} · {duration} left {pace}</source>
        <translation>{head} · noch {duration} {pace}</translation>
    </message>
    <message>
        <source>{head} · {duration} left for today&apos;s {today:,} {pace}; {waiting}</source>
        <translation>{head} · noch {duration} für die {today:,} von heute {pace}; {waiting}</translation>
    </message>
    <message>
        <source>{count:,} added</source>
        <translation>{count:,} aufgenommen</translation>
    </message>
    <message>
        <source>{count:,} waiting to send</source>
        <translation>{count:,} warten auf Senden</translation>
    </message>
    <message>
        <source>{count:,} invalid</source>
        <translation>{count:,} ungültig</translation>
    </message>
    <message>
        <source>{count:,} skipped as possible duplicates</source>
        <translation>{count:,} als mögliche Duplikate übersprungen</translation>
    </message>
    <message>
        <source>{count:,} refused by the service</source>
        <translation>{count:,} vom Dienst abgelehnt</translation>
    </message>
    <message>
        <source>{count:,} cancelled</source>
        <translation>{count:,} abgebrochen</translation>
    </message>
    <message>
        <source>no rows</source>
        <translation>keine Zeilen</translation>
    </message>
    <message>
        <source>Another PetDesk window is sending these pets.</source>
        <extracomment>A wait longer than this is said in the dialog (the day&apos;s quota, a lost connection). ``148 of 398 · about 4 min left at 60 a minute`` (or paused, or for tomorrow). Why sending waits, when it waits long (the day&apos;s quota, no connection), else &quot;&quot;. The rows whose outcome is known so far, and those still to send. The sender&apos;s last step (``None`` when no step ran). Seconds before the next step is worth running. The rows waiting for the user&apos;s decision (``progress.needs_decision`` of them). This computer&apos;s store, standing in for a shared store that cannot be reached: no import starts on it (:class:`SharedStoreNeeded`).</extracomment>
        <translation>Ein anderes PetDesk-Fenster sendet diese Tiere.</translation>
    </message>
    <message>
        <source>Waiting ({why}): sending goes on by itself at {local} ({utc} UTC).</source>
        <translation>Wartet ({why}): das Senden geht um {local} ({utc} UTC) von selbst weiter.</translation>
    </message>
    <message>
        <source>{count:,} already added by an earlier import of this file (IDs {ids})</source>
        <translation>{count:,} schon bei einem früheren Import dieser Datei aufgenommen (IDs {ids})</translation>
    </message>
    <message>
        <source>nothing sent</source>
        <translation>nichts gesendet</translation>
    </message>
    <message>
        <source>The shared store cannot be reached, and an import needs it: it keeps which rows of each file the desks have added, so that no pet is added twice. Nothing was queued. Import the file again once the shared store answers.</source>
        <extracomment>Why a desk set up for the shared store does not import while it cannot be reached.</extracomment>
        <translation>Der gemeinsame Speicher ist nicht erreichbar, und ein Import braucht ihn: Er hält fest, welche Zeilen jeder Datei die Arbeitsplätze schon hinzugefügt haben, damit kein Tier doppelt hinzugefügt wird. Es wurde nichts in die Warteschlange gestellt. Importieren Sie die Datei erneut, sobald der gemeinsame Speicher antwortet.</translation>
    </message>
</context>
<context>
    <name>ImportController</name>
    <message>
        <source>Resuming the import left unfinished: {text}</source>
        <extracomment>The longest the timer sleeps before stepping again (a longer wait is re-asked). After a failed step (no key, no connection), try again after this. A look that the worker answered &quot;cancelled&quot; (Stop, or the start-up&apos;s background work held) is asked again this much later. The sender&apos;s steps that may have recorded a created pet (a 201, or a lost answer found created). How the followed import stands: an :class:`~petdesk.services.importing.service.ImportStatus`. One sentence for the status bar (an import resumed, finished, waiting). An import reached its end (the list may show new pets). A step recorded a created pet (the store put it in the catalogue).</extracomment>
        <translation>Der unterbrochene Import wird fortgesetzt: {text}</translation>
    </message>
    <message>
        <source>Import waiting: {error}</source>
        <translation>Import wartet: {error}</translation>
    </message>
    <message>
        <source>Import finished: {report}.</source>
        <translation>Import abgeschlossen: {report}.</translation>
    </message>
    <message>
        <source>The import could not be changed: {error}</source>
        <translation>Der Import konnte nicht geändert werden: {error}</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Spreadsheets and CSV (*.xlsx *.ods *.xls *.xlsb *.csv *.tsv *.txt)</source>
        <extracomment>File-dialog filter text and the suffixes PetDesk offers to open.</extracomment>
        <translation>Tabellen und CSV (*.xlsx *.ods *.xls *.xlsb *.csv *.tsv *.txt)</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx);;CSV, UTF-8 (*.csv)</source>
        <extracomment>The status column holds the service&apos;s codes, in English whatever the window&apos;s language (what an import reads back, and what other software exchanges): the header says which codes they are. File-dialog filter for Save As.</extracomment>
        <translation>Excel-Arbeitsmappe (*.xlsx);;CSV, UTF-8 (*.csv)</translation>
    </message>
    <message>
        <source>Save the import report</source>
        <translation>Importbericht speichern</translation>
    </message>
    <message>
        <source>Import pets</source>
        <translation>Tiere importieren</translation>
    </message>
    <message>
        <source>Import steps</source>
        <translation>Importschritte</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>Datei wählen</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Spalten</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>Wird bearbeitet</translation>
    </message>
    <message>
        <source>Every row checked</source>
        <translation>Jede Zeile geprüft</translation>
    </message>
    <message>
        <source>Sending</source>
        <translation>Wird gesendet</translation>
    </message>
    <message>
        <source>Choose a spreadsheet (Excel .xlsx, LibreOffice .ods) or a CSV file with one animal a row, or drop it here. Nothing is sent before you have seen every row checked.</source>
        <translation>Wählen Sie eine Tabelle (Excel .xlsx, LibreOffice .ods) oder eine CSV-Datei mit einem Tier pro Zeile, oder ziehen Sie sie hierher. Nichts wird gesendet, bevor Sie jede geprüfte Zeile gesehen haben.</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>Datei wählen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Import pets from</source>
        <translation>Tiere importieren aus</translation>
    </message>
    <message>
        <source>Reading “{name}”…</source>
        <translation>„{name}“ wird gelesen…</translation>
    </message>
    <message>
        <source>Checking every row… {rows} rows</source>
        <translation>Jede Zeile wird geprüft… {rows} Zeilen</translation>
    </message>
    <message>
        <source>Sending the pets of “{name}”</source>
        <translation>Die Tiere aus „{name}“ werden gesendet</translation>
    </message>
    <message>
        <source>Report saved ({rows} rows).</source>
        <translation>Bericht gespeichert ({rows} Zeilen).</translation>
    </message>
    <message>
        <source>Checking every row…</source>
        <translation>Jede Zeile wird geprüft…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Gestoppt.</translation>
    </message>
</context>
<context>
    <name>KennelCard</name>
    <message>
        <source>Printed {when}</source>
        <translation>Gedruckt am {when}</translation>
    </message>
    <message>
        <source>Category: {category}</source>
        <translation>Kategorie: {category}</translation>
    </message>
    <message>
        <source>Status: {status}</source>
        <translation>Status: {status}</translation>
    </message>
    <message>
        <source>ID: {pet_id}</source>
        <translation>ID: {pet_id}</translation>
    </message>
</context>
<context>
    <name>KennelCardDialog</name>
    <message>
        <source>Save kennel cards as PDF</source>
        <translation>Zwingerkarten als PDF speichern</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF-Dateien (*.pdf)</translation>
    </message>
    <message>
        <source>Kennel cards</source>
        <extracomment>Emitted with the path once a PDF is saved. Emitted once every page went to the printer. &quot;Name categories…&quot; was clicked (the window opens File › Categories…).</extracomment>
        <translation>Zwingerkarten</translation>
    </message>
    <message>
        <source>Page size</source>
        <translation>Seitenformat</translation>
    </message>
    <message>
        <source>Print preview</source>
        <translation>Druckvorschau</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Drucken…</translation>
    </message>
    <message>
        <source>&amp;Save as PDF…</source>
        <translation>Als PDF &amp;speichern…</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Page si&amp;ze:</source>
        <translation>&amp;Seitenformat:</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n Karte</numerusform>
            <numerusform>%n Karten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n Seite</numerusform>
            <numerusform>%n Seiten</numerusform>
        </translation>
    </message>
    <message>
        <source>{cards} on {pages}.</source>
        <translation>{cards} auf {pages}.</translation>
    </message>
    <message>
        <source>The preview shows the first {pages} pages.</source>
        <translation>Die Vorschau zeigt die ersten {pages} Seiten.</translation>
    </message>
    <message>
        <source>Categories without a name print as their number: {listed}. Name them in File › Categories… (Ctrl+Shift+G).</source>
        <translation>Kategorien ohne Namen erscheinen als Nummer: {listed}. Benennen Sie sie unter Datei › Kategorien… (Strg+Umschalt+G).</translation>
    </message>
    <message>
        <source>Page {done} of {total}</source>
        <translation>Seite {done} von {total}</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>In {path} gespeichert.</translation>
    </message>
    <message>
        <source>The PDF could not be saved to {path}: {reason}.</source>
        <translation>Die PDF-Datei konnte nicht in {path} gespeichert werden: {reason}.</translation>
    </message>
    <message>
        <source>kennel-cards.pdf</source>
        <translation>zwingerkarten.pdf</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Sent to the printer.</source>
        <translation>An den Drucker gesendet.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
    <message>
        <source>&amp;Name categories…</source>
        <translation>Kategorien &amp;benennen…</translation>
    </message>
</context>
<context>
    <name>KeyStore</name>
    <message>
        <source>No system keyring is available, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>Es ist kein Schlüsselbund des Systems verfügbar, deshalb behält PetDesk Ihren API-Schlüssel nur für diese Sitzung im Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>Your keyring is locked, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>Ihr Schlüsselbund ist gesperrt, deshalb behält PetDesk Ihren API-Schlüssel nur für diese Sitzung im Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>The system keyring is not responding, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>Der Schlüsselbund des Systems antwortet nicht, deshalb behält PetDesk Ihren API-Schlüssel nur für diese Sitzung im Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>PetDesk was denied access to the system keyring, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>PetDesk wurde der Zugriff auf den Schlüsselbund des Systems verweigert, deshalb behält PetDesk Ihren API-Schlüssel nur für diese Sitzung im Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>The system keyring could not be opened, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>Der Schlüsselbund des Systems ließ sich nicht öffnen, deshalb behält PetDesk Ihren API-Schlüssel nur für diese Sitzung im Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>The system keyring refused to save your API key, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>Der Schlüsselbund des Systems hat das Speichern Ihres API-Schlüssels abgelehnt, deshalb behält PetDesk Ihren API-Schlüssel nur für diese Sitzung im Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>The system keyring reported an error, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>Der Schlüsselbund des Systems hat einen Fehler gemeldet, deshalb behält PetDesk Ihren API-Schlüssel nur für diese Sitzung im Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>{variable} is set, so PetDesk uses that key instead of the saved one.</source>
        <translation>{variable} ist gesetzt, deshalb verwendet PetDesk diesen Schlüssel statt des gespeicherten.</translation>
    </message>
    <message>
        <source>{problem} {note}</source>
        <extracomment>Two of these sentences in a row: a keyring problem, then the PETDESK_API_KEY note.</extracomment>
        <translation>{problem} {note}</translation>
    </message>
    <message>
        <source>the API key is empty</source>
        <translation>der API-Schlüssel ist leer</translation>
    </message>
    <message>
        <source>the API key contains a line break or another control character</source>
        <translation>der API-Schlüssel enthält einen Zeilenumbruch oder ein anderes Steuerzeichen</translation>
    </message>
</context>
<context>
    <name>ListPresenter</name>
    <message>
        <source>Nothing loaded yet. Press F5 to load the pets.</source>
        <extracomment>Called after a page is shown and the detail panel follows it. The list controller, once the window&apos;s controllers exist (:meth:`start`). Per environment: the pets added there this session, and its last refresh. The status filter changed since the last page: a shown pet it hides goes.</extracomment>
        <translation>Noch nichts geladen. Drücken Sie F5, um die Tiere zu laden.</translation>
    </message>
    <message>
        <source>Loading pets…</source>
        <translation>Tiere werden geladen…</translation>
    </message>
    <message>
        <source>Could not load the pets.
{error}
Press F5 to try again.</source>
        <translation>Die Tiere konnten nicht geladen werden.
{error}
Drücken Sie F5, um es erneut zu versuchen.</translation>
    </message>
    <message>
        <source>No pets shown: {error}
Use File › API key… to enter a key.</source>
        <translation>Keine Tiere angezeigt: {error}
Geben Sie unter Datei › API-Schlüssel… einen Schlüssel ein.</translation>
    </message>
    <message>
        <source>No loaded pet&apos;s name contains “{text}”.</source>
        <translation>Kein geladenes Tier hat „{text}“ im Namen.</translation>
    </message>
    <message>
        <source>No pets with the status “{status}”.</source>
        <translation>Keine Tiere mit dem Status „{status}“.</translation>
    </message>
    <message>
        <source>Loaded {count} pets.</source>
        <translation>{count} Tiere geladen.</translation>
    </message>
    <message>
        <source>Hidden from the list by the {status_filter} filter.</source>
        <translation>Durch den Filter {status_filter} in der Liste ausgeblendet.</translation>
    </message>
    <message>
        <source>Hidden from the list by the name filter “{text}”.</source>
        <translation>Durch den Namensfilter „{text}“ in der Liste ausgeblendet.</translation>
    </message>
    <message>
        <source>Found pet {id} ({name}).</source>
        <translation>Tier {id} ({name}) gefunden.</translation>
    </message>
    <message>
        <source>Added {name} (ID {id}).</source>
        <translation>{name} aufgenommen (ID {id}).</translation>
    </message>
    <message>
        <source>Pet {pet_id} is no longer kept in the list: the next refresh shows it only if it belongs there.</source>
        <translation>Tier {pet_id} bleibt nicht mehr in der Liste: die nächste Aktualisierung zeigt es nur, wenn es dazugehört.</translation>
    </message>
    <message>
        <source>Every loaded pet has a status.</source>
        <translation>Jedes geladene Tier hat einen Status.</translation>
    </message>
    <message>
        <source>No pets yet. Add one with Ctrl+N.</source>
        <translation>Noch keine Tiere. Nehmen Sie eines mit Strg+N auf.</translation>
    </message>
    <message>
        <source>Not among the pets loaded in the list.</source>
        <translation>Nicht unter den in der Liste geladenen Tieren.</translation>
    </message>
</context>
<context>
    <name>LookupController</name>
    <message>
        <source>No pet with ID {typed}</source>
        <extracomment>Called on the worker thread with each id looked up and the pet found, or ``None`` when the service has no such pet (the window keeps the pet in the local store, for a look-up while offline, or forgets it); must not raise. The pet was found: the :class:`~petdesk.api.PetLookup`. No pet with this ID: the ID and the message to show. Any other failure (for the status bar). The same, with the ID asked for (a stored copy may answer it). The text typed is not a pet ID: a title for the detail panel and the message. See :data:`KeepPet`.</extracomment>
        <translation>Kein Tier mit der ID {typed}</translation>
    </message>
    <message>
        <source>This number is too large to be a pet ID: IDs go up to {limit}.</source>
        <translation>Diese Zahl ist zu groß für eine Tier-ID: IDs reichen bis {limit}.</translation>
    </message>
    <message>
        <source>“{typed}” is not a pet ID</source>
        <translation>„{typed}“ ist keine Tier-ID</translation>
    </message>
    <message>
        <source>Enter a pet ID: a whole number from 1 up.</source>
        <translation>Geben Sie eine Tier-ID ein: eine ganze Zahl ab 1.</translation>
    </message>
    <message>
        <source>Looking up pet {pet_id}…</source>
        <translation>Tier {pet_id} wird gesucht…</translation>
    </message>
    <message>
        <source>No pet with ID {pet_id} was found.</source>
        <translation>Es wurde kein Tier mit der ID {pet_id} gefunden.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Stopped.</source>
        <translation>Gestoppt.</translation>
    </message>
    <message>
        <source>A page already shown came again: stopped loading more</source>
        <extracomment>The list the filter bar asks for now.</extracomment>
        <translation>Eine schon gezeigte Seite kam erneut: Laden weiterer gestoppt</translation>
    </message>
    <message>
        <source>The list is up to date (loaded moments ago).</source>
        <translation>Die Liste ist aktuell (gerade eben geladen).</translation>
    </message>
    <message>
        <source>Added from the outbox: {name} (ID {id}).</source>
        <translation>Aus dem Postausgang aufgenommen: {name} (ID {id}).</translation>
    </message>
    <message>
        <source>Pet {id} ({name}):</source>
        <translation>Tier {id} ({name}):</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <extracomment>In menu order. ``menu`` is the menu&apos;s object name.</extracomment>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Categories…</source>
        <translation>&amp;Kategorien…</translation>
    </message>
    <message>
        <source>API &amp;key…</source>
        <translation>API-&amp;Schlüssel…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Load &amp;more</source>
        <translation>&amp;Mehr laden</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Stopp</translation>
    </message>
    <message>
        <source>&amp;Quick filter</source>
        <translation>Schnell&amp;filter</translation>
    </message>
    <message>
        <source>&amp;Newest first…</source>
        <translation>&amp;Neueste zuerst…</translation>
    </message>
    <message>
        <source>&amp;Update catalogue now</source>
        <translation>&amp;Katalog jetzt aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Activity log…</source>
        <translation>Akti&amp;vitätsprotokoll…</translation>
    </message>
    <message>
        <source>&amp;Production</source>
        <translation>&amp;Produktion</translation>
    </message>
    <message>
        <source>S&amp;taging</source>
        <translation>&amp;Testumgebung</translation>
    </message>
    <message>
        <source>&amp;Add pet…</source>
        <translation>Tier &amp;aufnehmen…</translation>
    </message>
    <message>
        <source>&amp;Look up by ID</source>
        <translation>Nach ID &amp;suchen</translation>
    </message>
    <message>
        <source>Find in &amp;catalogue…</source>
        <translation>Im &amp;Katalog suchen…</translation>
    </message>
    <message>
        <source>Re&amp;fresh this pet</source>
        <translation>Dieses &amp;Tier aktualisieren</translation>
    </message>
    <message>
        <source>Copy I&amp;D</source>
        <translation>ID k&amp;opieren</translation>
    </message>
    <message>
        <source>Copy as &amp;JSON</source>
        <translation>Als &amp;JSON kopieren</translation>
    </message>
    <message>
        <source>&amp;Print kennel cards…</source>
        <translation>Zwingerkarten &amp;drucken…</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>&amp;Tastenkürzel…</translation>
    </message>
    <message>
        <source>&amp;About PetDesk</source>
        <translation>&amp;Über PetDesk</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Pets</source>
        <translation>&amp;Tiere</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>PetDesk — {label}</source>
        <extracomment>``deferred=True``: the worker starts when the widgets are painted, at the latest this long after they were built. Background work waits for the first page&apos;s paint at most this long after the worker started (an offline start shows its outbox rows without waiting for a time-out). A change of the page size is loaded once the spin box rests this long. A page of the list was shown. The widgets exist (:meth:`ensure_built`). The window was painted with its widgets and the worker started loading. Start-up is over: the first page (or why it failed) is on screen, or :data:`SETTLE_LATEST_MS` passed. Background work, the log file and the accessible names of Qt&apos;s inner parts wait for it (once).</extracomment>
        <translation>PetDesk — {label}</translation>
    </message>
</context>
<context>
    <name>MirrorWording</name>
    <message>
        <source>1 pet</source>
        <translation>1 Tier</translation>
    </message>
    <message>
        <source>{count:,} pets</source>
        <translation>{count:,} Tiere</translation>
    </message>
    <message>
        <source>{count:,}</source>
        <translation>{count:,}</translation>
    </message>
    <message>
        <source>less than a minute</source>
        <translation>weniger als eine Minute</translation>
    </message>
    <message>
        <source>{minutes} min</source>
        <translation>{minutes} Min.</translation>
    </message>
    <message>
        <source>{hours} h {minutes} min</source>
        <translation>{hours} Std. {minutes} Min.</translation>
    </message>
    <message>
        <source>{hours} h</source>
        <translation>{hours} Std.</translation>
    </message>
    <message>
        <source>{days} days</source>
        <translation>{days} Tage</translation>
    </message>
    <message>
        <source>Catalogue: {pets} · complete as of {time}</source>
        <translation>Katalog: {pets} · vollständig, Stand {time}</translation>
    </message>
    <message>
        <source>Catalogue: filling, {count:,} of about {total}</source>
        <translation>Katalog: wird gefüllt, {count:,} von etwa {total}</translation>
    </message>
    <message>
        <source>Catalogue: filling, {pets} so far</source>
        <translation>Katalog: wird gefüllt, bisher {pets}</translation>
    </message>
    <message>
        <source>updating…</source>
        <translation>wird aktualisiert…</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>paused while the service asks PetDesk to wait, until {time}</source>
        <translation>angehalten, solange der Dienst PetDesk warten lässt, bis {time}</translation>
    </message>
    <message>
        <source>stopped for today to keep requests for your own work; continues at {time}</source>
        <translation>für heute beendet, damit Anfragen für Ihre eigene Arbeit bleiben; geht um {time} weiter</translation>
    </message>
    <message>
        <source>waiting for the connection</source>
        <translation>wartet auf die Verbindung</translation>
    </message>
    <message>
        <source>could not update, trying again at {time}</source>
        <translation>Aktualisierung fehlgeschlagen, neuer Versuch um {time}</translation>
    </message>
    <message>
        <source>Catalogue: off (File › Settings…)</source>
        <extracomment>The status bar&apos;s catalogue line when the catalogue is not kept (and none is reported).</extracomment>
        <translation>Katalog: aus (Datei › Einstellungen…)</translation>
    </message>
    <message>
        <source>Catalogue: waits for the shared store</source>
        <extracomment>The catalogue line&apos;s short form while the shared store, where it is filled, is down.</extracomment>
        <translation>Katalog: wartet auf den gemeinsamen Speicher</translation>
    </message>
    <message>
        <source>Catalogue: {pets}</source>
        <translation>Katalog: {pets}</translation>
    </message>
    <message>
        <source>Catalogue: not kept up to date ({pets} stored)</source>
        <translation>Katalog: wird nicht aktuell gehalten ({pets} gespeichert)</translation>
    </message>
    <message>
        <source>Catalogue: waits for the shared store, where it is kept for every desk ({pets} on this computer)</source>
        <translation>Katalog: wartet auf den gemeinsamen Speicher, wo er für alle Arbeitsplätze geführt wird ({pets} auf diesem Computer)</translation>
    </message>
    <message>
        <source>Catalogue: starting to download…</source>
        <translation>Katalog: Download beginnt…</translation>
    </message>
    <message>
        <source>next update now</source>
        <translation>nächste Aktualisierung jetzt</translation>
    </message>
    <message>
        <source>next update in {duration}</source>
        <translation>nächste Aktualisierung in {duration}</translation>
    </message>
    <message>
        <source>{head} · {tail}</source>
        <translation>{head} · {tail}</translation>
    </message>
    <message>
        <source>searched {pets} on this computer; the catalogue waits for the shared store</source>
        <translation>{pets} auf diesem Computer durchsucht; der Katalog wartet auf den gemeinsamen Speicher</translation>
    </message>
    <message>
        <source>catalogue complete as of {time}</source>
        <translation>Katalog vollständig, Stand {time}</translation>
    </message>
    <message>
        <source>searched {count:,} of about {total} pets; the catalogue is still filling</source>
        <translation>{count:,} von etwa {total} Tieren durchsucht; der Katalog wird noch gefüllt</translation>
    </message>
    <message>
        <source>searched {pets}; the catalogue is still filling</source>
        <translation>{pets} durchsucht; der Katalog wird noch gefüllt</translation>
    </message>
    <message>
        <source>{pets} · {fresh}</source>
        <translation>{pets} · {fresh}</translation>
    </message>
    <message>
        <source>No pet&apos;s name contains “{text}” · {fresh}</source>
        <translation>Kein Tier hat „{text}“ im Namen · {fresh}</translation>
    </message>
    <message>
        <source>{pets} whose name contains “{text}” · {fresh}</source>
        <translation>{pets} mit „{text}“ im Namen · {fresh}</translation>
    </message>
    <message>
        <source>New pets every {update}; every page again every {full}; at most {allowance:,} requests a day ({share:.0%} of {quota:,})</source>
        <translation>Neue Tiere alle {update}; alle Seiten erneut alle {full}; höchstens {allowance:,} Anfragen am Tag ({share:.0%} von {quota:,})</translation>
    </message>
    <message>
        <source>Catalogue used {used:,} of its {allowance:,} requests today ({total:,} in all)</source>
        <translation>Der Katalog hat heute {used:,} seiner {allowance:,} Anfragen verbraucht ({total:,} insgesamt)</translation>
    </message>
    <message>
        <source>{pets} on this computer, waiting for the shared store</source>
        <translation>{pets} auf diesem Computer, wartet auf den gemeinsamen Speicher</translation>
    </message>
    <message>
        <source>as of {time}</source>
        <translation>Stand {time}</translation>
    </message>
    <message>
        <source>still filling, {pets} so far</source>
        <translation>wird noch gefüllt, bisher {pets}</translation>
    </message>
    <message>
        <source>No pet named like “{text}” in the catalogue ({fresh})</source>
        <translation>Kein Tier mit „{text}“ im Namen im Katalog ({fresh})</translation>
    </message>
    <message>
        <source>1 pet named like “{text}” in the catalogue ({fresh}) — Enter shows it</source>
        <translation>1 Tier mit „{text}“ im Namen im Katalog ({fresh}) – die Eingabetaste zeigt es</translation>
    </message>
    <message>
        <source>{count:,} pets named like “{text}” in the catalogue ({fresh}) — Enter shows them</source>
        <translation>{count:,} Tiere mit „{text}“ im Namen im Katalog ({fresh}) – die Eingabetaste zeigt sie</translation>
    </message>
</context>
<context>
    <name>OutboxController</name>
    <message>
        <source>The service refused “{name}”: {reason}</source>
        <extracomment>The outbox changed: an :class:`~petdesk.services.outbox.service.OutboxView`. An add left the outbox, created: the :class:`~petdesk.api.Pet` (for the table). One sentence for the status bar. A step recorded a created pet (a 201, or a lost answer found created): any add, the user&apos;s or an import&apos;s. The store put it in the catalogue.</extracomment>
        <translation>Der Dienst hat „{name}“ abgelehnt: {reason}</translation>
    </message>
    <message>
        <source>The add could not be changed: it is being sent now. ({error})</source>
        <translation>Die Aufnahme konnte nicht geändert werden: Sie wird gerade gesendet. ({error})</translation>
    </message>
</context>
<context>
    <name>OutboxRows</name>
    <message>
        <source>&amp;Edit waiting add…</source>
        <extracomment>The add the user just made, whose row is to be selected once it is shown.</extracomment>
        <translation>Wartende Aufnahme &amp;bearbeiten…</translation>
    </message>
    <message>
        <source>&amp;Cancel this add</source>
        <translation>Diese Aufnahme &amp;abbrechen</translation>
    </message>
    <message>
        <source>It was added: it is ID {pet_id}</source>
        <translation>Es wurde aufgenommen: Es ist ID {pet_id}</translation>
    </message>
    <message>
        <source>None of these: send it again</source>
        <translation>Keines davon: erneut senden</translation>
    </message>
    <message>
        <source>Change a waiting add</source>
        <translation>Wartende Aufnahme ändern</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Cancel this add?</source>
        <translation>Diese Aufnahme abbrechen?</translation>
    </message>
    <message>
        <source>“{name}” has not been sent yet. Cancel it? It will not be added.</source>
        <translation>„{name}“ wurde noch nicht gesendet. Abbrechen? Es wird dann nicht aufgenommen.</translation>
    </message>
</context>
<context>
    <name>PagePainter</name>
    <message>
        <source>The pages could not be opened for printing.</source>
        <extracomment>The preview shows at most this many pages (printing and saving do them all). The PDF&apos;s resolution (dots per inch).</extracomment>
        <translation>Die Seiten konnten nicht zum Drucken geöffnet werden.</translation>
    </message>
    <message>
        <source>The printer did not accept a new page.</source>
        <translation>Der Drucker hat keine neue Seite angenommen.</translation>
    </message>
</context>
<context>
    <name>PagingWording</name>
    <message>
        <source>The service offered a page that was already shown, so PetDesk stopped loading more. All pets received are listed.</source>
        <translation>Der Dienst bot eine Seite an, die schon gezeigt wurde, daher lädt PetDesk keine weiteren. Alle erhaltenen Tiere sind aufgelistet.</translation>
    </message>
</context>
<context>
    <name>PetDetail</name>
    <message>
        <source>Pet details</source>
        <extracomment>Spec section 4.3 (the same date as petdesk.api.DOCUMENTED_SUNSET, which is not imported here so that the window can show before httpx and pydantic load). Characters of a name in the panel&apos;s title (the Name row shows DISPLAY_LIMIT). Characters of a name &quot;Show full name&quot; shows at most (with markers; a name from a hostile server can be megabytes long, and laying out all of it takes seconds). &quot;Dismiss&quot; on a pet added this session: it need not stay in the list. A copy action put the shown pet on the clipboard: the confirmation to show.</extracomment>
        <translation>Angaben zum Tier</translation>
    </message>
    <message>
        <source>No pet selected</source>
        <extracomment>The category&apos;s text for an id (&quot;Dogs (1)&quot;): set_category_label().</extracomment>
        <translation>Kein Tier ausgewählt</translation>
    </message>
    <message>
        <source>This name contains hidden or direction-changing characters, shown as ⟦U+…⟧ markers: it is not what it may look like elsewhere.</source>
        <translation>Dieser Name enthält versteckte oder richtungsändernde Zeichen, angezeigt als ⟦U+…⟧-Markierungen: er ist nicht das, wonach er anderswo aussehen mag.</translation>
    </message>
    <message>
        <source>Show full &amp;name</source>
        <translation>Vollständigen &amp;Namen anzeigen</translation>
    </message>
    <message>
        <source>Full name</source>
        <translation>Vollständiger Name</translation>
    </message>
    <message>
        <source>Status icon</source>
        <translation>Statussymbol</translation>
    </message>
    <message>
        <source>ID:</source>
        <extracomment>(status, palette) the status row shows, and the icons drawn so far.</extracomment>
        <translation>ID:</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>Kategorie:</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>&amp;Refresh this pet</source>
        <translation>Dieses Tier &amp;aktualisieren</translation>
    </message>
    <message>
        <source>Added this session: it stays in the list until you dismiss it.</source>
        <extracomment>About the shown pet and the list: &quot;Not in the list: hidden by …&quot;.</extracomment>
        <translation>In dieser Sitzung aufgenommen: es bleibt in der Liste, bis Sie es entfernen.</translation>
    </message>
    <message>
        <source>&amp;Dismiss from the list</source>
        <translation>Aus der Liste &amp;entfernen</translation>
    </message>
    <message>
        <source>Let the next refresh show the list without this pet unless it belongs there</source>
        <translation>Die nächste Aktualisierung zeigt die Liste ohne dieses Tier, außer es gehört dazu</translation>
    </message>
    <message>
        <source>Status: {status}</source>
        <translation>Status: {status}</translation>
    </message>
    <message>
        <source>No pet with ID {pet_id}</source>
        <translation>Kein Tier mit der ID {pet_id}</translation>
    </message>
    <message>
        <source>Copied ID {id}.</source>
        <translation>ID {id} kopiert.</translation>
    </message>
    <message>
        <source>Copied {name} as JSON.</source>
        <translation>{name} als JSON kopiert.</translation>
    </message>
    <message>
        <source>Hide full &amp;name</source>
        <translation>Vollständigen &amp;Namen verbergen</translation>
    </message>
    <message>
        <source>(The name has {length} characters; the first {shown} are shown.)</source>
        <translation>(Der Name hat {length} Zeichen; die ersten {shown} werden angezeigt.)</translation>
    </message>
    <message>
        <source>Looking up a pet by its ID will stop working on {when}.</source>
        <translation>Die Suche nach einer Tier-ID funktioniert ab {when} nicht mehr.</translation>
    </message>
    <message>
        <source>(Announced by the Pet Store service.)</source>
        <translation>(Vom Pet-Store-Dienst angekündigt.)</translation>
    </message>
    <message>
        <source>Look this pet up again for its latest details</source>
        <translation>Dieses Tier erneut abrufen, um die neuesten Angaben zu sehen</translation>
    </message>
    <message>
        <source>Copy &amp;ID</source>
        <translation>&amp;ID kopieren</translation>
    </message>
    <message>
        <source>Copy as &amp;JSON</source>
        <translation>Als &amp;JSON kopieren</translation>
    </message>
    <message>
        <source>Looking up a pet by its ID will stop working on a date not yet announced.</source>
        <translation>Die Suche nach einer Tier-ID wird zu einem noch nicht angekündigten Datum eingestellt.</translation>
    </message>
</context>
<context>
    <name>PetListController</name>
    <message>
        <source>Loading pets…</source>
        <extracomment>A list loaded this recently (same query) is not asked for again by Refresh. Called on the worker thread, as a background job after each first page is shown (the window keeps it in the local store for the next start; closing the window runs it still, see :meth:`~petdesk.gui.worker.worker.Worker.shutdown`); must not raise. The state, the count or &quot;more available&quot; changed. A page was shown (first page or more). A failure to show in the status bar: the exception and a prefix. Stopped by the user. Refresh of a list that was just loaded: nothing was sent. Paging ended on a next link already visited: the plain sentence to show. (query, clock.monotonic()) of the last first page shown. Ids shown by a look-up or an add, not (yet) by a page of the list. See :data:`KeepPage`. Rows of the table that are not pets (adds waiting in the outbox): not counted. Pets added in this session in this environment, kept in the list through refreshes until dismissed (the window swaps it on an environment switch).</extracomment>
        <translation>Tiere werden geladen…</translation>
    </message>
    <message>
        <source>Loading more pets…</source>
        <translation>Weitere Tiere werden geladen…</translation>
    </message>
    <message>
        <source>Could not load the pets: </source>
        <translation>Die Tiere konnten nicht geladen werden: </translation>
    </message>
    <message numerus="yes">
        <source>%n pets loaded</source>
        <translation>
            <numerusform>%n Tier geladen</numerusform>
            <numerusform>%n Tiere geladen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shown by the filter</source>
        <translation>
            <numerusform>%n durch den Filter angezeigt</numerusform>
            <numerusform>%n durch den Filter angezeigt</numerusform>
        </translation>
    </message>
    <message>
        <source>more available</source>
        <translation>weitere verfügbar</translation>
    </message>
</context>
<context>
    <name>PetRules</name>
    <message>
        <source>must not be blank</source>
        <extracomment>A positive int64 identifier (``id``, ``categoryId``, ``petId``).</extracomment>
        <translation>darf nicht leer sein</translation>
    </message>
    <message>
        <source>must be at most {max} characters</source>
        <translation>darf höchstens {max} Zeichen haben</translation>
    </message>
    <message>
        <source>must not contain control characters (found U+{code})</source>
        <translation>darf keine Steuerzeichen enthalten (gefunden: U+{code})</translation>
    </message>
    <message>
        <source>must not contain invisible formatting characters such as direction overrides or zero-width spaces (found U+{code})</source>
        <translation>darf keine unsichtbaren Formatierungszeichen wie Richtungsumkehrungen oder Leerzeichen ohne Breite enthalten (gefunden: U+{code})</translation>
    </message>
</context>
<context>
    <name>PetStatusBar</name>
    <message>
        <source>Status bar</source>
        <extracomment>Characters of the details shown on the Details box&apos;s label (all of them are in its scrollable &quot;Show Details...&quot; part). &quot;ConnectError: &quot; at the start of an exception&apos;s text in Details. Characters of one message (a server&apos;s sentence may be very long). Milliseconds between two looks at the clock for the quota&apos;s reset time. The demo: Details never name an address (nothing leaves the computer).</extracomment>
        <translation>Statusleiste</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>Wird bearbeitet</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>Details…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop the running and waiting requests (Esc)</source>
        <translation>Laufende und wartende Anfragen stoppen (Esc)</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>Every message of the status bar in full, with the technical details</source>
        <translation>Alle Meldungen der Statusleiste vollständig, mit den technischen Details</translation>
    </message>
    <message>
        <source>{count} more…</source>
        <translation>{count} weitere…</translation>
    </message>
    <message>
        <source>Every message in full, with the technical details</source>
        <translation>Alle Meldungen vollständig, mit den technischen Details</translation>
    </message>
    <message>
        <source>Something unexpected went wrong.</source>
        <translation>Etwas Unerwartetes ist schiefgegangen.</translation>
    </message>
    <message>
        <source>No API key</source>
        <translation>Kein API-Schlüssel</translation>
    </message>
    <message>
        <source>API key refused</source>
        <translation>API-Schlüssel abgelehnt</translation>
    </message>
    <message>
        <source>No further details.</source>
        <translation>Keine weiteren Details.</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Quota: a new window began at {reset}; the next answer tells how many requests are left</source>
        <translation>Kontingent: um {reset} begann ein neues Zeitfenster; die nächste Antwort sagt, wie viele Anfragen bleiben</translation>
    </message>
    <message>
        <source>Quota: {whole}</source>
        <translation>Kontingent: {whole}</translation>
    </message>
    <message>
        <source>Quota: {figures}</source>
        <translation>Kontingent: {figures}</translation>
    </message>
    <message>
        <source>Last refresh {when}</source>
        <translation>Stand {when}</translation>
    </message>
    <message>
        <source>{queued_note} — queued</source>
        <translation>{queued_note} — in der Warteschlange</translation>
    </message>
    <message>
        <source>{reason} — your request is queued and goes out in {left} s</source>
        <translation>{reason} — Ihre Anfrage wartet und wird in {left} s gesendet</translation>
    </message>
    <message>
        <source>{reason} — retrying in {left} s (attempt {attempt} of {max_attempts})</source>
        <translation>{reason} — neuer Versuch in {left} s (Versuch {attempt} von {max_attempts})</translation>
    </message>
    <message>
        <source> · queued: {queued_note}</source>
        <translation> · in der Warteschlange: {queued_note}</translation>
    </message>
    <message>
        <source>{reason} — {left} s</source>
        <translation>{reason} — {left} s</translation>
    </message>
    <message>
        <source>Quota: new window</source>
        <translation>Kontingent: neues Zeitfenster</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Gestoppt.</translation>
    </message>
    <message>
        <source>Rate limited</source>
        <translation>Anfragen begrenzt</translation>
    </message>
    <message>
        <source>Service busy</source>
        <translation>Dienst ausgelastet</translation>
    </message>
    <message>
        <source>Service unreachable</source>
        <translation>Dienst nicht erreichbar</translation>
    </message>
    <message>
        <source>No answer in time</source>
        <translation>Keine Antwort rechtzeitig</translation>
    </message>
</context>
<context>
    <name>PetStoreError</name>
    <message>
        <source>The service address is not a valid address.</source>
        <extracomment>Anything in a next link&apos;s path that URL parsing would change or that could move it out of the service: dot segments, escapes, backslashes, &quot;@&quot;, whitespace.</extracomment>
        <translation>Die Adresse des Dienstes ist keine gültige Adresse.</translation>
    </message>
    <message>
        <source>No API key is set.</source>
        <translation>Es ist kein API-Schlüssel festgelegt.</translation>
    </message>
    <message>
        <source>A pet ID is a whole number from 1 to 9223372036854775807.</source>
        <translation>Eine Tier-ID ist eine ganze Zahl von 1 bis 9223372036854775807.</translation>
    </message>
    <message>
        <source>The timeout must be between 0 and 600 seconds.</source>
        <translation>Das Zeitlimit muss zwischen 0 und 600 Sekunden liegen.</translation>
    </message>
    <message>
        <source>That page address does not belong to this service.</source>
        <extracomment>``GET /pets`` URLs by (limit, status): building one costs more than the rest of the request&apos;s own bookkeeping (figure 7 of the benchmarks). A next link that starts with this (and has nothing to normalise) is ours.</extracomment>
        <translation>Diese Seitenadresse gehört nicht zu diesem Dienst.</translation>
    </message>
    <message>
        <source>The service redirected too many times.</source>
        <extracomment>The key&apos;s quota shared with the other desks of a store (``None``: this client paces itself from its own answers alone). The quota of a server that sends no X-RateLimit headers, learnt from 429s. The same, on the service&apos;s clock, as it is shared with the other desks. The shared record could not be used the last time (said once, not per request).</extracomment>
        <translation>Der Dienst hat zu oft weitergeleitet.</translation>
    </message>
    <message>
        <source>Could not connect to the Pet Store service in time.</source>
        <translation>Die Verbindung zum Pet-Store-Dienst kam nicht rechtzeitig zustande.</translation>
    </message>
    <message>
        <source>The connection to the Pet Store service was interrupted.</source>
        <extracomment>Something that looks like a markup tag or entity (``&lt;a href``, ``&lt;/b&gt;``, ``&amp;lt;``). The name lookup&apos;s answers that mean &quot;no such name&quot; (the name server answered), as opposed to &quot;could not ask&quot; (``EAI_AGAIN``: no network, no name server).</extracomment>
        <translation>Die Verbindung zum Pet-Store-Dienst wurde unterbrochen.</translation>
    </message>
    <message>
        <source>This API key is not allowed to do that.</source>
        <translation>Dieser API-Schlüssel darf das nicht.</translation>
    </message>
    <message>
        <source>Something went wrong while talking to the Pet Store service.</source>
        <extracomment>The sentence shown to the user.</extracomment>
        <translation>Bei der Verbindung mit dem Pet-Store-Dienst ist etwas schiefgegangen.</translation>
    </message>
    <message>
        <source>The Pet Store service did not accept the values sent.</source>
        <translation>Der Pet-Store-Dienst hat die gesendeten Werte nicht angenommen.</translation>
    </message>
    <message>
        <source>The API key was not accepted. Open File › API key… to check it.</source>
        <extracomment>The wire name of the field the server complained about, when it can be told.</extracomment>
        <translation>Der API-Schlüssel wurde nicht angenommen. Prüfen Sie ihn unter Datei › API-Schlüssel…</translation>
    </message>
    <message>
        <source>No API key is set for this environment. Enter one to continue.</source>
        <translation>Für diese Umgebung ist kein API-Schlüssel festgelegt. Geben Sie einen ein, um fortzufahren.</translation>
    </message>
    <message>
        <source>No pet with that ID was found.</source>
        <translation>Es wurde kein Tier mit dieser ID gefunden.</translation>
    </message>
    <message>
        <source>The Pet Store service is limiting requests right now.</source>
        <translation>Der Pet-Store-Dienst begrenzt gerade die Anfragen.</translation>
    </message>
    <message>
        <source>The Pet Store service had a problem. Please try again in a moment.</source>
        <translation>Der Pet-Store-Dienst hatte ein Problem. Bitte versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Could not reach the Pet Store service. Check the network connection.</source>
        <translation>Der Pet-Store-Dienst ist nicht erreichbar. Prüfen Sie die Netzwerkverbindung.</translation>
    </message>
    <message>
        <source>The service address does not exist: no computer on the network has that name. Check the address in File › API key….</source>
        <translation>Die Adresse des Dienstes gibt es nicht: kein Computer im Netz hat diesen Namen. Prüfen Sie die Adresse unter Datei › API-Schlüssel….</translation>
    </message>
    <message>
        <source>The Pet Store service took too long to answer.</source>
        <translation>Der Pet-Store-Dienst hat zu lange für die Antwort gebraucht.</translation>
    </message>
    <message>
        <source>The Pet Store service sent an answer PetDesk could not understand.</source>
        <translation>Der Pet-Store-Dienst hat eine Antwort gesendet, die PetDesk nicht versteht.</translation>
    </message>
    <message>
        <source>The pet may or may not have been added: the service did not confirm it. Refresh the list and check before adding it again.</source>
        <translation>Das Tier wurde vielleicht aufgenommen, vielleicht auch nicht: der Dienst hat es nicht bestätigt. Aktualisieren Sie die Liste und prüfen Sie, bevor Sie es erneut aufnehmen.</translation>
    </message>
    <message>
        <source>The request was stopped.</source>
        <translation>Die Anfrage wurde gestoppt.</translation>
    </message>
    <message>
        <source>PetDesk is not set up correctly for this service.</source>
        <translation>PetDesk ist für diesen Dienst nicht richtig eingerichtet.</translation>
    </message>
    <message>
        <source>That value cannot be sent to the Pet Store service.</source>
        <translation>Dieser Wert kann nicht an den Pet-Store-Dienst gesendet werden.</translation>
    </message>
</context>
<context>
    <name>PetTableModel</name>
    <message>
        <source>ID</source>
        <extracomment>``data(index, PetRole)`` returns the row&apos;s :class:`~petdesk.api.Pet`. How a marker starts (core.text.marker): a displayed name with one gets a warning icon. Pinned rows (pets added this session): shown in bold, said in the tooltip. The Category column&apos;s text for an id (&quot;Dogs (1)&quot;): set_category_label().</extracomment>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Added this session</source>
        <translation>In dieser Sitzung aufgenommen</translation>
    </message>
    <message>
        <source>{text}: not on the service yet (to be added as {status})</source>
        <translation>{text}: noch nicht beim Dienst (wird als „{status}“ aufgenommen)</translation>
    </message>
    <message>
        <source>Status: {status}</source>
        <translation>Status: {status}</translation>
    </message>
    <message>
        <source>Category ID {category_id}</source>
        <translation>Kategorie-ID {category_id}</translation>
    </message>
    <message>
        <source>Long name ({length} characters): select the pet to see all of it.</source>
        <translation>Langer Name ({length} Zeichen): wählen Sie das Tier aus, um ihn ganz zu sehen.</translation>
    </message>
    <message>
        <source>Hidden or direction-changing characters are shown as ⟦U+…⟧ markers.</source>
        <translation>Versteckte oder richtungsändernde Zeichen werden als ⟦U+…⟧-Markierungen angezeigt.</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>Verfügbar</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Reserviert</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Vermittelt</translation>
    </message>
    <message>
        <source>No status</source>
        <translation>Kein Status</translation>
    </message>
</context>
<context>
    <name>PetTablePanel</name>
    <message>
        <source>Pet list</source>
        <extracomment>The least the Name column is narrowed to while its names need more.</extracomment>
        <translation>Tierliste</translation>
    </message>
    <message>
        <source>Pets</source>
        <translation>Tiere</translation>
    </message>
    <message>
        <source>One pet a row: ID, name, category and status. Ctrl+P prints the selected pets&apos; kennel cards.</source>
        <translation>Ein Tier pro Zeile: ID, Name, Kategorie und Status. Strg+P druckt die Zwingerkarten der ausgewählten Tiere.</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>Mehr laden</translation>
    </message>
    <message>
        <source>Load more pets</source>
        <translation>Weitere Tiere laden</translation>
    </message>
</context>
<context>
    <name>PreviewModel</name>
    <message>
        <source>Row</source>
        <extracomment>The preview&apos;s columns.</extracomment>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Category ID</source>
        <translation>Kategorie-ID</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Add anyway</source>
        <translation>Trotzdem aufnehmen</translation>
    </message>
    <message>
        <source>Added by an earlier import (ID {added_as})</source>
        <extracomment>The invalid rows listed under the table (all are in the table and the report). Category words named in the line above the buttons (all are in the words dialog). Ids of rows added by an earlier import named above the buttons (all are in the table).</extracomment>
        <translation>Bei einem früheren Import aufgenommen (ID {added_as})</translation>
    </message>
    <message>
        <source>Possible duplicate: {pet}</source>
        <translation>Mögliches Duplikat: {pet}</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
</context>
<context>
    <name>PreviewPage</name>
    <message>
        <source>Nothing to send</source>
        <translation>Nichts zu senden</translation>
    </message>
    <message>
        <source>Rows of the file</source>
        <translation>Zeilen der Datei</translation>
    </message>
    <message>
        <source>Name the category words…</source>
        <translation>Kategoriewörter benennen…</translation>
    </message>
    <message>
        <source>Add all duplicates anyway</source>
        <translation>Alle Duplikate trotzdem aufnehmen</translation>
    </message>
    <message>
        <source>Skip all duplicates</source>
        <translation>Alle Duplikate überspringen</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Back to columns</source>
        <translation>Zurück zu den Spalten</translation>
    </message>
    <message>
        <source>… and {issues} more (all are in the table and the report).</source>
        <translation>… und {issues} weitere (alle stehen in der Tabelle und im Bericht).</translation>
    </message>
    <message>
        <source>{duplicates} rows look like pets already known or rows above them: tick “Add anyway” for each one to send, or decide for all of them.</source>
        <translation>{duplicates} Zeilen sehen aus wie bereits bekannte Tiere oder Zeilen darüber: Setzen Sie „Trotzdem aufnehmen“ für jede, die gesendet werden soll, oder entscheiden Sie für alle.</translation>
    </message>
    <message>
        <source> and {more} more</source>
        <translation> und {more} weitere</translation>
    </message>
    <message>
        <source>1 row gives its category as a word, not a number: {words}.</source>
        <translation>1 Zeile nennt ihre Kategorie als Wort, nicht als Nummer: {words}.</translation>
    </message>
    <message>
        <source>{rows} rows give their category as a word, not a number: {words}.</source>
        <translation>{rows} Zeilen nennen ihre Kategorie als Wort, nicht als Nummer: {words}.</translation>
    </message>
    <message>
        <source>Send {to_send} pets</source>
        <translation>{to_send} Tiere senden</translation>
    </message>
    <message>
        <source>1 row was already added by an earlier import of this file (ID {ids}) — nothing to send.</source>
        <translation>1 Zeile wurde schon bei einem früheren Import dieser Datei aufgenommen (ID {ids}) – nichts zu senden.</translation>
    </message>
    <message>
        <source>1 row was already added by an earlier import of this file (ID {ids}): it is not sent again.</source>
        <translation>1 Zeile wurde schon bei einem früheren Import dieser Datei aufgenommen (ID {ids}): sie wird nicht erneut gesendet.</translation>
    </message>
    <message>
        <source>{rows} rows were already added by an earlier import of this file (IDs {ids}) — nothing to send.</source>
        <translation>{rows} Zeilen wurden schon bei einem früheren Import dieser Datei aufgenommen (IDs {ids}) – nichts zu senden.</translation>
    </message>
    <message>
        <source>{rows} rows were already added by an earlier import of this file (IDs {ids}): they are not sent again.</source>
        <translation>{rows} Zeilen wurden schon bei einem früheren Import dieser Datei aufgenommen (IDs {ids}): sie werden nicht erneut gesendet.</translation>
    </message>
    <message>
        <source>Left out (invalid):
</source>
        <translation>Ausgelassen (ungültig):
</translation>
    </message>
    <message>
        <source>1 row looks like a pet already known or a row above it: tick “Add anyway” to send it.</source>
        <translation>1 Zeile sieht aus wie ein bereits bekanntes Tier oder eine Zeile darüber: Setzen Sie „Trotzdem aufnehmen“, um sie zu senden.</translation>
    </message>
    <message>
        <source>Say which category each word means, and the rows are checked again.</source>
        <translation>Geben Sie an, welche Kategorie jedes Wort meint, dann werden die Zeilen erneut geprüft.</translation>
    </message>
    <message>
        <source>Send 1 pet</source>
        <translation>1 Tier senden</translation>
    </message>
    <message>
        <source>Another import is being sent: wait for it to finish, or cancel it.</source>
        <translation>Ein anderer Import wird gerade gesendet: warten Sie, bis er fertig ist, oder brechen Sie ihn ab.</translation>
    </message>
</context>
<context>
    <name>QuitQuestion</name>
    <message>
        <source>1 add is waiting to be sent. PetDesk keeps it and sends it the next time it starts.</source>
        <translation>1 Aufnahme wartet auf das Senden. PetDesk bewahrt sie auf und sendet sie beim nächsten Start.</translation>
    </message>
    <message>
        <source>{count} adds are waiting to be sent. PetDesk keeps them and sends them the next time it starts.</source>
        <translation>{count} Aufnahmen warten auf das Senden. PetDesk bewahrt sie auf und sendet sie beim nächsten Start.</translation>
    </message>
    <message>
        <source>Quit PetDesk?</source>
        <translation>PetDesk beenden?</translation>
    </message>
    <message>
        <source>Stay to let PetDesk go on trying to send now.</source>
        <translation>Bleiben Sie, damit PetDesk jetzt weiter versucht zu senden.</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Stay</source>
        <translation>B&amp;leiben</translation>
    </message>
</context>
<context>
    <name>QuotaBudget</name>
    <message>
        <source>the service asked PetDesk to wait</source>
        <translation>der Dienst lässt PetDesk warten</translation>
    </message>
    <message>
        <source>the rest of this minute&apos;s requests are kept for you</source>
        <translation>die übrigen Anfragen dieser Minute bleiben für Sie reserviert</translation>
    </message>
</context>
<context>
    <name>RateLimit</name>
    <message>
        <source>{remaining}/{limit} left</source>
        <translation>{remaining}/{limit} übrig</translation>
    </message>
    <message>
        <source>{remaining} left</source>
        <extracomment>Larger counts than this are nonsense for a per-minute or per-day quota. A reset further than this from &quot;now&quot; (either way) is not believed. When the quota resets, converted to the local clock (UTC-aware). When the response was received (local clock, UTC-aware).</extracomment>
        <translation>{remaining} übrig</translation>
    </message>
    <message>
        <source>resets {time}</source>
        <translation>erneuert um {time}</translation>
    </message>
</context>
<context>
    <name>SendingPage</name>
    <message>
        <source>You can close this dialog and go on working: PetDesk keeps sending, and finishes after a restart if it must.</source>
        <translation>Sie können diesen Dialog schließen und weiterarbeiten: PetDesk sendet weiter und macht nach einem Neustart fertig, wenn nötig.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Cancel import</source>
        <translation>Import abbrechen</translation>
    </message>
    <message>
        <source>Save report…</source>
        <translation>Bericht speichern…</translation>
    </message>
    <message>
        <source>Import another file…</source>
        <translation>Weitere Datei importieren…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Sending an import</source>
        <translation>Import wird gesendet</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Done: {report}.</source>
        <translation>Fertig: {report}.</translation>
    </message>
</context>
<context>
    <name>ServiceAddress</name>
    <message>
        <source>The service address is not a valid address.</source>
        <translation>Die Adresse des Dienstes ist keine gültige Adresse.</translation>
    </message>
    <message>
        <source>The service address must start with https://.</source>
        <translation>Die Adresse des Dienstes muss mit https:// beginnen.</translation>
    </message>
    <message>
        <source>The service address must use https:// (plain http:// is only allowed for a server on this computer).</source>
        <translation>Die Adresse des Dienstes muss https:// verwenden (einfaches http:// ist nur für einen Server auf diesem Computer erlaubt).</translation>
    </message>
    <message>
        <source>The service address must not contain a user name, a query or a fragment.</source>
        <translation>Die Adresse des Dienstes darf keinen Benutzernamen, keine Abfrage und kein Fragment enthalten.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <extracomment>OK with a shared store password typed: to be kept in the keyring (never saved with the settings). Emitted before :attr:`accepted`.</extracomment>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Production address</source>
        <translation>Adresse der Produktion</translation>
    </message>
    <message>
        <source>Staging address</source>
        <translation>Adresse der Testumgebung</translation>
    </message>
    <message>
        <source>Request timeout in seconds</source>
        <translation>Zeitlimit für Anfragen in Sekunden</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>In use now: the demo&apos;s sample data on this computer. These addresses apply when PetDesk is started without --demo.</source>
        <translation>Jetzt in Gebrauch: die Beispieldaten der Demo auf diesem Computer. Diese Adressen gelten, wenn PetDesk ohne --demo gestartet wird.</translation>
    </message>
    <message>
        <source>In use now ({label}): {address}</source>
        <translation>Jetzt in Gebrauch ({label}): {address}</translation>
    </message>
    <message>
        <source>PetDesk was started with --base-url, which overrides the {in_use} address below until it is started without it.</source>
        <translation>PetDesk wurde mit --base-url gestartet; das ersetzt die Adresse für {in_use} unten, bis PetDesk ohne diese Option gestartet wird.</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Seiten der Einstellungen</translation>
    </message>
    <message>
        <source>General settings</source>
        <translation>Allgemeine Einstellungen</translation>
    </message>
    <message>
        <source>Shared store settings</source>
        <translation>Einstellungen des gemeinsamen Speichers</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>A&amp;llgemein</translation>
    </message>
    <message>
        <source>Shared st&amp;ore</source>
        <translation>Gemeinsamer Spei&amp;cher</translation>
    </message>
    <message>
        <source>{label}: {problem}</source>
        <translation>{label}: {problem}</translation>
    </message>
    <message>
        <source>&amp;Production address:</source>
        <translation>Adresse der &amp;Produktion:</translation>
    </message>
    <message>
        <source>&amp;Staging address:</source>
        <translation>Adresse der &amp;Testumgebung:</translation>
    </message>
    <message>
        <source>Request &amp;timeout:</source>
        <translation>&amp;Zeitlimit für Anfragen:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>A new language applies the next time PetDesk starts.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von PetDesk.</translation>
    </message>
    <message>
        <source>The API key is not a setting: no system keyring works on this computer, so it is kept in memory for this session only (File › API key…).</source>
        <translation>Der API-Schlüssel ist keine Einstellung: auf diesem Computer funktioniert kein Schlüsselbund, deshalb bleibt er nur für diese Sitzung im Arbeitsspeicher (Datei › API-Schlüssel…).</translation>
    </message>
    <message>
        <source>The API key is not a setting: it is kept in your system keyring (File › API key…).</source>
        <translation>Der API-Schlüssel ist keine Einstellung: er liegt im Schlüsselbund Ihres Systems (Datei › API-Schlüssel…).</translation>
    </message>
</context>
<context>
    <name>SharedStoreAddress</name>
    <message>
        <source>The address contains a password. Remove it from the address and type it in the Password field: PetDesk keeps it in the system keyring, never in its settings.</source>
        <extracomment>libpq&apos;s ``sslmode`` values. An address with a password in it: where the password goes instead.</extracomment>
        <translation>Die Adresse enthält ein Passwort. Entfernen Sie es aus der Adresse und geben Sie es im Feld „Passwort“ ein: PetDesk bewahrt es im Schlüsselbund des Systems auf, nie in seinen Einstellungen.</translation>
    </message>
    <message>
        <source>The address is not valid. It looks like postgresql://petdesk@db.example.org:5432/petdesk?sslmode=verify-full.</source>
        <translation>Die Adresse ist ungültig. Sie sieht so aus: postgresql://petdesk@db.example.org:5432/petdesk?sslmode=verify-full.</translation>
    </message>
    <message>
        <source>The address must start with postgresql://.</source>
        <translation>Die Adresse muss mit postgresql:// beginnen.</translation>
    </message>
    <message>
        <source>The address must name the database server after postgresql://.</source>
        <translation>Nach postgresql:// muss die Adresse den Datenbankserver nennen.</translation>
    </message>
    <message>
        <source>The address must end with the database&apos;s name, as in …:5432/petdesk.</source>
        <translation>Die Adresse muss mit dem Namen der Datenbank enden, etwa …:5432/petdesk.</translation>
    </message>
    <message>
        <source>sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full.</source>
        <translation>sslmode muss disable, allow, prefer, require, verify-ca oder verify-full sein.</translation>
    </message>
</context>
<context>
    <name>SharedStoreController</name>
    <message>
        <source>Testing the connection…</source>
        <extracomment>How long a desk on its own data waits before trying the shared store again, at first; each failed try doubles it, up to :data:`RETRY_MAX_MS` (a server that does not answer at all holds the worker for the connection&apos;s timeout at each try). Test connection: the sentence saying what it found. The password went to the keyring, or (this sentence) only to memory.</extracomment>
        <translation>Verbindung wird getestet…</translation>
    </message>
    <message>
        <source>Shared store password saved in the system keyring.</source>
        <translation>Passwort des gemeinsamen Speichers im Schlüsselbund des Systems gespeichert.</translation>
    </message>
    <message>
        <source>No system keyring works on this computer, so PetDesk keeps the shared store&apos;s password in memory until it closes.</source>
        <translation>Auf diesem Computer funktioniert kein Schlüsselbund des Systems, daher behält PetDesk das Passwort des gemeinsamen Speichers nur im Arbeitsspeicher, bis es beendet wird.</translation>
    </message>
    <message>
        <source>Saving the password…</source>
        <translation>Passwort wird gespeichert…</translation>
    </message>
</context>
<context>
    <name>SharedStorePage</name>
    <message>
        <source>Several desks can share one store on a PostgreSQL server: one catalogue and one outbox for all of them. Whoever runs the server gives you its address and a password.</source>
        <extracomment>Test connection: the address and the password typed (empty: the saved one).</extracomment>
        <translation>Mehrere Arbeitsplätze können einen gemeinsamen Speicher auf einem PostgreSQL-Server nutzen: einen Katalog und einen Postausgang für alle. Wer den Server betreibt, gibt Ihnen seine Adresse und ein Passwort.</translation>
    </message>
    <message>
        <source>Shared store address</source>
        <translation>Adresse des gemeinsamen Speichers</translation>
    </message>
    <message>
        <source>Shared store password</source>
        <translation>Passwort des gemeinsamen Speichers</translation>
    </message>
    <message>
        <source>Empty: keep the saved password</source>
        <translation>Leer: gespeichertes Passwort behalten</translation>
    </message>
    <message>
        <source>Test co&amp;nnection</source>
        <translation>&amp;Verbindung testen</translation>
    </message>
    <message>
        <source>&amp;Use the shared store on this computer</source>
        <translation>Gemeinsamen Speicher auf diesem Computer &amp;nutzen</translation>
    </message>
    <message>
        <source>No system keyring works on this computer, so PetDesk keeps the password in memory until it closes.</source>
        <translation>Auf diesem Computer funktioniert kein Schlüsselbund des Systems, daher behält PetDesk das Passwort nur im Arbeitsspeicher, bis es beendet wird.</translation>
    </message>
    <message>
        <source>The password is kept in your system keyring, never in PetDesk&apos;s settings.</source>
        <translation>Das Passwort liegt im Schlüsselbund Ihres Systems, nie in den Einstellungen von PetDesk.</translation>
    </message>
    <message>
        <source>When the shared store cannot be reached, this computer keeps working on its own data: pets you add wait here and move to the shared store once it is back, but files cannot be imported until then.</source>
        <translation>Ist der gemeinsame Speicher nicht erreichbar, arbeitet dieser Computer mit seinen eigenen Daten weiter: Tiere, die Sie hinzufügen, warten hier und werden in den gemeinsamen Speicher übertragen, sobald er wieder da ist, Dateien lassen sich aber erst dann importieren.</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Adresse:</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Pass&amp;wort:</translation>
    </message>
    <message>
        <source>The demo always uses its sample data on this computer.</source>
        <translation>Die Demo nutzt immer ihre Beispieldaten auf diesem Computer.</translation>
    </message>
    <message>
        <source>Type the shared store&apos;s address, or turn off “Use the shared store”.</source>
        <translation>Geben Sie die Adresse des gemeinsamen Speichers ein, oder schalten Sie „Gemeinsamen Speicher nutzen“ aus.</translation>
    </message>
    <message>
        <source>Type the shared store&apos;s address first.</source>
        <translation>Geben Sie zuerst die Adresse des gemeinsamen Speichers ein.</translation>
    </message>
    <message>
        <source>Testing the connection…</source>
        <translation>Verbindung wird getestet…</translation>
    </message>
</context>
<context>
    <name>SharedStoreTest</name>
    <message>
        <source>Connected to {server}: the shared store is ready.</source>
        <extracomment>Signed in; the database has no PetDesk tables yet (set up on first use). The server accepts only encrypted connections; the address says sslmode=disable. The address asks for TLS; the server offers none. The server&apos;s certificate could not be verified (sslmode=verify-ca/verify-full).</extracomment>
        <translation>Verbunden mit {server}: Der gemeinsame Speicher ist bereit.</translation>
    </message>
    <message>
        <source>Connected to {server}. It is not a PetDesk database yet: PetDesk sets it up the first time a desk uses it.</source>
        <translation>Verbunden mit {server}. Das ist noch keine PetDesk-Datenbank: PetDesk richtet sie ein, wenn ein Arbeitsplatz sie zum ersten Mal nutzt.</translation>
    </message>
    <message>
        <source>{server} answered, but refused the sign-in: check the user name in the address and the password.</source>
        <translation>{server} hat geantwortet, aber die Anmeldung abgelehnt: Prüfen Sie den Benutzernamen in der Adresse und das Passwort.</translation>
    </message>
    <message>
        <source>No computer on the network is called {host}. Check the address; if it is right, check that this computer is online.</source>
        <translation>Im Netzwerk heißt kein Computer {host}. Prüfen Sie die Adresse; stimmt sie, prüfen Sie, ob dieser Computer online ist.</translation>
    </message>
    <message>
        <source>Cannot reach a database server at {server}: it may be stopped, or a firewall is in the way. Check the address and the port.</source>
        <translation>Unter {server} ist kein Datenbankserver erreichbar: Er ist vielleicht gestoppt, oder eine Firewall steht im Weg. Prüfen Sie die Adresse und den Port.</translation>
    </message>
    <message>
        <source>The database server answered, but it has no database by the name in the address ({server}). Ask whoever runs it to create the database.</source>
        <translation>Der Datenbankserver hat geantwortet, hat aber keine Datenbank mit dem Namen aus der Adresse ({server}). Bitten Sie den Betreiber, die Datenbank anzulegen.</translation>
    </message>
    <message>
        <source>The database server accepts only encrypted connections: put sslmode=require (or better, sslmode=verify-full) in the address.</source>
        <translation>Der Datenbankserver nimmt nur verschlüsselte Verbindungen an: Schreiben Sie sslmode=require (besser sslmode=verify-full) in die Adresse.</translation>
    </message>
    <message>
        <source>The address asks for an encrypted connection, but the database server at {server} does not offer one. Ask whoever runs it to turn on TLS.</source>
        <translation>Die Adresse verlangt eine verschlüsselte Verbindung, aber der Datenbankserver unter {server} bietet keine an. Bitten Sie den Betreiber, TLS einzuschalten.</translation>
    </message>
    <message>
        <source>The database server&apos;s certificate could not be verified. Install the certificate of the authority that signed it on this computer (see the admin guide), or check the server&apos;s name in the address.</source>
        <translation>Das Zertifikat des Datenbankservers konnte nicht geprüft werden. Installieren Sie das Zertifikat der ausstellenden Stelle auf diesem Computer (siehe Admin-Handbuch), oder prüfen Sie den Servernamen in der Adresse.</translation>
    </message>
    <message>
        <source>The database server at {server} could not be used. The log says which error it was.</source>
        <translation>Der Datenbankserver unter {server} konnte nicht genutzt werden. Das Protokoll nennt den Fehler.</translation>
    </message>
</context>
<context>
    <name>SharedStoreWatch</name>
    <message>
        <source>Shared store not reachable — working on this computer&apos;s data</source>
        <translation>Gemeinsamer Speicher nicht erreichbar — es wird mit den Daten dieses Computers gearbeitet</translation>
    </message>
    <message>
        <source>Shared store not reachable</source>
        <translation>Gemeinsamer Speicher nicht erreichbar</translation>
    </message>
    <message>
        <source>Shared store refused the sign-in — working on this computer&apos;s data</source>
        <translation>Gemeinsamer Speicher hat die Anmeldung abgelehnt — es wird mit den Daten dieses Computers gearbeitet</translation>
    </message>
    <message>
        <source>Shared store refused the sign-in</source>
        <translation>Gemeinsamer Speicher hat die Anmeldung abgelehnt</translation>
    </message>
    <message>
        <source>Shared store cannot be used — working on this computer&apos;s data</source>
        <translation>Gemeinsamer Speicher nicht nutzbar — es wird mit den Daten dieses Computers gearbeitet</translation>
    </message>
    <message>
        <source>Shared store cannot be used</source>
        <translation>Gemeinsamer Speicher nicht nutzbar</translation>
    </message>
    <message>
        <source>Moved {count} adds kept on this computer to the shared store.</source>
        <extracomment>Back on the shared store: its outbox and rows are the ones to show now.</extracomment>
        <translation>{count} auf diesem Computer gesammelte Aufnahmen in den gemeinsamen Speicher übertragen.</translation>
    </message>
    <message>
        <source>The shared store is back.</source>
        <translation>Der gemeinsame Speicher ist wieder erreichbar.</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menü</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
</context>
<context>
    <name>StoreTrouble</name>
    <message>
        <source>PetDesk cannot reach the shared store at this address. Check the address and that the database server is running and reachable from this computer.</source>
        <translation>PetDesk erreicht den gemeinsamen Speicher unter dieser Adresse nicht. Prüfen Sie die Adresse und ob der Datenbankserver läuft und von diesem Computer aus erreichbar ist.</translation>
    </message>
    <message>
        <source>The shared store refused PetDesk&apos;s sign-in. Check the user name in the address and the password.</source>
        <translation>Der gemeinsame Speicher hat die Anmeldung von PetDesk abgelehnt. Prüfen Sie den Benutzernamen in der Adresse und das Passwort.</translation>
    </message>
    <message>
        <source>The shared store&apos;s database does not let this user set up or change PetDesk&apos;s tables. Ask whoever runs the database server to give the user those rights.</source>
        <translation>Die Datenbank des gemeinsamen Speichers erlaubt diesem Benutzer nicht, die Tabellen von PetDesk anzulegen oder zu ändern. Bitten Sie den Betreiber des Datenbankservers, dem Benutzer diese Rechte zu geben.</translation>
    </message>
    <message>
        <source>The shared store was set up by a newer PetDesk. Update PetDesk on this computer to use it.</source>
        <translation>Der gemeinsame Speicher wurde von einer neueren PetDesk-Version eingerichtet. Aktualisieren Sie PetDesk auf diesem Computer, um ihn zu nutzen.</translation>
    </message>
    <message>
        <source>The shared store&apos;s address contains a password. Remove it from the address: PetDesk keeps the password in this computer&apos;s keyring.</source>
        <translation>Die Adresse des gemeinsamen Speichers enthält ein Passwort. Entfernen Sie es aus der Adresse: PetDesk bewahrt das Passwort im Schlüsselbund dieses Computers auf.</translation>
    </message>
</context>
<context>
    <name>StoreWording</name>
    <message>
        <source>Offline — showing pets as of {shown}</source>
        <translation>Offline — Tiere mit Stand {shown}</translation>
    </message>
    <message>
        <source>As of {shown} — refreshing…</source>
        <translation>Stand {shown} — wird aktualisiert…</translation>
    </message>
    <message>
        <source>The service can be reached again.</source>
        <extracomment>Said once when the service answers again after being unreachable.</extracomment>
        <translation>Der Dienst ist wieder erreichbar.</translation>
    </message>
    <message>
        <source>PetDesk checks by itself when the service is back. Adds wait in the outbox and are sent then.</source>
        <extracomment>Details of the offline message.</extracomment>
        <translation>PetDesk prüft von selbst, wann der Dienst wieder da ist. Aufnahmen warten im Postausgang und werden dann gesendet.</translation>
    </message>
    <message>
        <source>Adds PetDesk keeps and sends by itself when the service can take them.</source>
        <extracomment>Details of the outbox&apos;s count.</extracomment>
        <translation>Aufnahmen, die PetDesk aufbewahrt und von selbst sendet, sobald der Dienst sie annehmen kann.</translation>
    </message>
    <message>
        <source>Offline — the service cannot be reached</source>
        <translation>Offline — der Dienst ist nicht erreichbar</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Offline</translation>
    </message>
    <message>
        <source>Offline · pets as of {shown}</source>
        <translation>Offline · Stand {shown}</translation>
    </message>
    <message>
        <source>Stored copy from {shown} — the service could not be asked.</source>
        <translation>Gespeicherte Kopie von {shown} — der Dienst war nicht erreichbar.</translation>
    </message>
    <message>
        <source>Waiting to send</source>
        <translation>Wartet auf Senden</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet…</translation>
    </message>
    <message>
        <source>Checking whether it was added…</source>
        <translation>Wird geprüft, ob es aufgenommen wurde…</translation>
    </message>
    <message>
        <source>Needs your decision</source>
        <translation>Ihre Entscheidung nötig</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Added (ID {pet_id})</source>
        <translation>Aufgenommen (ID {pet_id})</translation>
    </message>
    <message>
        <source>Not accepted: {reason}</source>
        <translation>Nicht angenommen: {reason}</translation>
    </message>
    <message>
        <source>Not accepted</source>
        <translation>Nicht angenommen</translation>
    </message>
    <message>
        <source>{state} · {who}</source>
        <translation>{state} · {who}</translation>
    </message>
    <message>
        <source>{state} · {desk} ({user})</source>
        <translation>{state} · {desk} ({user})</translation>
    </message>
    <message>
        <source>PetDesk sent “{name}” but the answer was lost. The service now has 1 matching pet ({ids}). Is it this animal? If it is not, PetDesk sends it again.</source>
        <translation>PetDesk hat „{name}“ gesendet, aber die Antwort ging verloren. Der Dienst hat jetzt 1 passendes Tier ({ids}). Ist es dieses Tier? Wenn nicht, sendet PetDesk es erneut.</translation>
    </message>
    <message>
        <source>PetDesk sent “{name}” but the answer was lost. The service now has {count} matching pets ({ids}). Is one of them this animal? If none is, PetDesk sends it again.</source>
        <translation>PetDesk hat „{name}“ gesendet, aber die Antwort ging verloren. Der Dienst hat jetzt {count} passende Tiere ({ids}). Ist eines davon dieses Tier? Wenn keines es ist, sendet PetDesk es erneut.</translation>
    </message>
    <message>
        <source>1 add waiting to send</source>
        <translation>1 Aufnahme wartet auf Senden</translation>
    </message>
    <message>
        <source>{count} adds waiting to send</source>
        <translation>{count} Aufnahmen warten auf Senden</translation>
    </message>
    <message>
        <source>{count} waiting</source>
        <translation>Zu senden: {count}</translation>
    </message>
</context>
<context>
    <name>WindowDialogs</name>
    <message>
        <source>About PetDesk</source>
        <extracomment>The Settings dialog was accepted (the catalogue&apos;s schedule may have changed). The category names the add form offers.</extracomment>
        <translation>Über PetDesk</translation>
    </message>
    <message>
        <source>&lt;h3&gt;PetDesk {version}&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;PetDesk {version}&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>A desktop client for the Pet Store service.&lt;br&gt;Pet Store API version {api_version}.&lt;br&gt;&lt;br&gt;Environment: {label}&lt;br&gt;Address: {address}</source>
        <translation>Ein Desktop-Programm für den Pet-Store-Dienst.&lt;br&gt;Pet-Store-API-Version {api_version}.&lt;br&gt;&lt;br&gt;Umgebung: {label}&lt;br&gt;Adresse: {address}</translation>
    </message>
    <message>
        <source>Free software under the MIT licence. The licence and the notices of the libraries PetDesk uses (Qt for Python and Qt under the LGPL-3.0 among them) are in the details.</source>
        <translation>Freie Software unter der MIT-Lizenz. Die Lizenz und die Hinweise zu den Bibliotheken, die PetDesk verwendet (darunter Qt for Python und Qt unter der LGPL-3.0), stehen in den Details.</translation>
    </message>
</context>
<context>
    <name>WorkFeedback</name>
    <message>
        <source>Stopped.</source>
        <translation>Gestoppt.</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
</context>
</TS>
