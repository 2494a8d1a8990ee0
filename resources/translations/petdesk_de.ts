<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>PagingWording</name>
    <message>
        <source>The service offered a page that was already shown, so PetDesk stopped loading more. All pets received are listed.</source>
        <translation>Der Dienst bot eine Seite an, die schon gezeigt wurde, daher lädt PetDesk keine weiteren. Alle erhaltenen Tiere sind aufgelistet.</translation>
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
    <name>PetStoreError</name>
    <message>
        <source>The service address is not a valid address.</source>
        <extracomment>Anything in a next link&apos;s path that URL parsing would change or that could move it out of the service: dot segments, escapes, backslashes, &quot;@&quot;, whitespace. Something that looks like a markup tag or entity (``&lt;a href``, ``&lt;/b&gt;``, ``&amp;lt;``).</extracomment>
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
        <extracomment>The quota of a server that sends no X-RateLimit headers, learnt from 429s. ``GET /pets`` URLs by (limit, status): building one costs more than the rest of the request&apos;s own bookkeeping (figure 7 of the benchmarks). A next link that starts with this (and has nothing to normalise) is ours.</extracomment>
        <translation>Diese Seitenadresse gehört nicht zu diesem Dienst.</translation>
    </message>
    <message>
        <source>The service redirected too many times.</source>
        <translation>Der Dienst hat zu oft weitergeleitet.</translation>
    </message>
    <message>
        <source>Could not connect to the Pet Store service in time.</source>
        <translation>Die Verbindung zum Pet-Store-Dienst kam nicht rechtzeitig zustande.</translation>
    </message>
    <message>
        <source>The connection to the Pet Store service was interrupted.</source>
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
    <name>RateLimit</name>
    <message>
        <source>{remaining}/{limit} left</source>
        <extracomment>Larger counts than this are nonsense for a per-minute or per-day quota. A reset further than this from &quot;now&quot; (either way) is not believed. When the quota resets, converted to the local clock (UTC-aware). When the response was received (local clock, UTC-aware).</extracomment>
        <translation>{remaining}/{limit} übrig</translation>
    </message>
    <message>
        <source>{remaining} left</source>
        <translation>{remaining} übrig</translation>
    </message>
    <message>
        <source>resets {time}</source>
        <translation>neu ab {time}</translation>
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
</TS>
