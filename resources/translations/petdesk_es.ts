<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>Accessibility</name>
    <message>
        <source>Vertical scroll bar</source>
        <translation>Barra de desplazamiento vertical</translation>
    </message>
    <message>
        <source>Horizontal scroll bar</source>
        <translation>Barra de desplazamiento horizontal</translation>
    </message>
    <message>
        <source>{name}: list of choices</source>
        <translation>{name}: lista de opciones</translation>
    </message>
    <message>
        <source>Scroll bar area</source>
        <translation>Zona de la barra de desplazamiento</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Contenido</translation>
    </message>
    <message>
        <source>Column headers</source>
        <translation>Encabezados de columna</translation>
    </message>
    <message>
        <source>Row headers</source>
        <translation>Encabezados de fila</translation>
    </message>
    <message>
        <source>Select all</source>
        <translation>Seleccionar todo</translation>
    </message>
    <message>
        <source>Divider: drag, or focus and use the arrow keys, to resize</source>
        <translation>Divisor: arrástrelo, o enfóquelo y use las flechas, para cambiar el tamaño</translation>
    </message>
    <message>
        <source>Resize the window</source>
        <translation>Cambiar el tamaño de la ventana</translation>
    </message>
    <message>
        <source>Menu bar</source>
        <translation>Barra de menús</translation>
    </message>
    <message>
        <source>More menus</source>
        <translation>Más menús</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menú</translation>
    </message>
    <message>
        <source>Clear the text</source>
        <translation>Borrar el texto</translation>
    </message>
    <message>
        <source>Buttons</source>
        <translation>Botones</translation>
    </message>
    <message>
        <source>Keyboard focus</source>
        <translation>Foco del teclado</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progreso</translation>
    </message>
    <message>
        <source>Icon</source>
        <translation>Icono</translation>
    </message>
    <message>
        <source>Separator</source>
        <translation>Separador</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>Detalles técnicos</translation>
    </message>
    <message>
        <source>Part of {owner}</source>
        <translation>Parte de {owner}</translation>
    </message>
    <message>
        <source>PetDesk main area</source>
        <translation>Zona principal de PetDesk</translation>
    </message>
    <message>
        <source>Details area</source>
        <translation>Zona de datos</translation>
    </message>
    <message>
        <source>Pet list and details</source>
        <translation>Lista de animales y datos</translation>
    </message>
</context>
<context>
    <name>ActivityController</name>
    <message>
        <source>The log could not be read: {error}</source>
        <translation>No se pudo leer el registro: {error}</translation>
    </message>
    <message>
        <source>Saved {count:,} adds as “{name}”.</source>
        <translation>Se guardaron {count:,} altas como «{name}».</translation>
    </message>
    <message>
        <source>The log could not be saved as “{name}”: {error}</source>
        <translation>No se pudo guardar el registro como «{name}»: {error}</translation>
    </message>
</context>
<context>
    <name>ActivityWindow</name>
    <message>
        <source>When</source>
        <extracomment>Called by this name, lupdate reads the strings: translate(&quot;ActivityWindow&quot;, &quot;...&quot;).</extracomment>
        <translation>Cuándo</translation>
    </message>
    <message>
        <source>Animal</source>
        <translation>Animal</translation>
    </message>
    <message>
        <source>Desk</source>
        <translation>Puesto</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Usuario</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Cómo</translation>
    </message>
    <message>
        <source>at once</source>
        <translation>al momento</translation>
    </message>
    <message>
        <source>from the outbox</source>
        <translation>desde la bandeja de salida</translation>
    </message>
    <message>
        <source>by an import</source>
        <translation>por una importación</translation>
    </message>
    <message>
        <source>Pet ID</source>
        <translation>ID del animal</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Export the activity log</source>
        <translation>Exportar el registro de actividad</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>{name} (ID {id})</source>
        <translation>{name} (ID {id})</translation>
    </message>
    <message>
        <source>Activity log</source>
        <extracomment>The user chose where to save the export.</extracomment>
        <translation>Registro de actividad</translation>
    </message>
    <message>
        <source>Adds, newest first</source>
        <translation>Altas, las más recientes primero</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportar…</translation>
    </message>
    <message>
        <source>Save the whole log as a CSV file</source>
        <translation>Guardar todo el registro como archivo CSV</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation>Leyendo el registro…</translation>
    </message>
    <message>
        <source>No adds have been sent from this store yet.</source>
        <translation>Todavía no se ha enviado ninguna alta desde este almacén.</translation>
    </message>
    <message>
        <source>The newest {shown:,} of {total:,} adds. Export… saves them all.</source>
        <translation>Las {shown:,} altas más recientes de {total:,}. Exportar… las guarda todas.</translation>
    </message>
    <message>
        <source>1 add.</source>
        <translation>1 alta.</translation>
    </message>
    <message>
        <source>{total:,} adds.</source>
        <translation>{total:,} altas.</translation>
    </message>
    <message>
        <source>activity-log.csv</source>
        <translation>registro-de-actividad.csv</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
</context>
<context>
    <name>AddPetController</name>
    <message>
        <source>Adding {name}…</source>
        <extracomment>The form is sending (True) or not any more (False). The pet was added: the :class:`~petdesk.api.Pet` the server returned. Not added: the message for the form, the field (or None), the exception and the status-bar prefix. Kept in the outbox, to be sent (or checked) by itself: the sentence to show. The add just submitted waits in the outbox: its local id (its row is shown to the user). The pet being added and its idempotency key, until it is kept. The shared store&apos;s answer to a press of the keyed pet was lost.</extracomment>
        <translation>Añadiendo a {name}…</translation>
    </message>
    <message>
        <source>“{name}” waits in the outbox. PetDesk sends it by itself.</source>
        <translation>«{name}» espera en la bandeja de salida. PetDesk lo envía por sí solo.</translation>
    </message>
    <message>
        <source>The pet was not added: </source>
        <translation>El animal no se añadió: </translation>
    </message>
    <message>
        <source>Stopped. “{name}” waits in the outbox: cancel it there if it should not be sent.</source>
        <translation>Detenido. «{name}» espera en la bandeja de salida: cancélelo allí si no debe enviarse.</translation>
    </message>
    <message>
        <source>Waiting to send “{name}”: {reason}.</source>
        <translation>«{name}» espera para enviarse: {reason}.</translation>
    </message>
    <message>
        <source>The shared store stopped answering before “{name}” was kept. PetDesk connects again by itself: press Add pet again.</source>
        <translation>El almacén compartido dejó de responder antes de guardar «{name}». PetDesk vuelve a conectarse por sí solo: pulse de nuevo «Añadir animal».</translation>
    </message>
    <message>
        <source>The answer for “{name}” was lost. PetDesk checks whether it was added before sending anything again.</source>
        <extracomment>The shared store&apos;s answer to an earlier press of this add was lost. Why an add waits, for the kinds of step that say so themselves; any other kind gives its own reason (:meth:`AddPetController._waiting_text`).</extracomment>
        <translation>Se perdió la respuesta para «{name}». PetDesk comprueba si se añadió antes de volver a enviar nada.</translation>
    </message>
    <message>
        <source>“{name}” waits on this computer until the shared store is back: it may be there already, and is sent once from there.</source>
        <translation>«{name}» espera en este ordenador hasta que vuelva el almacén compartido: quizá ya esté allí, y se envía una sola vez desde allí.</translation>
    </message>
    <message>
        <source>“{name}” was kept already and waits in the outbox. PetDesk sends or checks it by itself.</source>
        <translation>«{name}» ya se guardó y espera en la bandeja de salida. PetDesk lo envía o lo comprueba por sí solo.</translation>
    </message>
    <message>
        <source>Waiting to send “{name}” after the adds before it. PetDesk sends it by itself.</source>
        <translation>«{name}» espera a que se envíen los animales anteriores. PetDesk lo envía por sí solo.</translation>
    </message>
    <message>
        <source>Waiting to send “{name}”: another PetDesk window is sending the adds.</source>
        <translation>«{name}» espera para enviarse: otra ventana de PetDesk está enviando los animales.</translation>
    </message>
    <message>
        <source>Waiting to send “{name}”: {reason}. PetDesk sends it by itself as soon as it can.</source>
        <translation>«{name}» espera para enviarse: {reason}. PetDesk lo envía por sí solo en cuanto pueda.</translation>
    </message>
    <message>
        <source>The service cannot take it now.</source>
        <translation>El servicio no puede aceptarlo ahora.</translation>
    </message>
</context>
<context>
    <name>AddPetDialog</name>
    <message>
        <source>Add pet</source>
        <extracomment>The code point NewPet names in its message: &quot;(found U+202E)&quot;.</extracomment>
        <translation>Añadir animal</translation>
    </message>
    <message>
        <source>e.g. Bella</source>
        <extracomment>Closing without asking (the window is quitting, or the user chose Discard). Where an unsent pet can be kept (the outbox): closing then also offers &quot;Send later&quot;, which hands it the form&apos;s pet.</extracomment>
        <translation>p. ej. Bella</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nombre:</translation>
    </message>
    <message>
        <source>&amp;Category:</source>
        <translation>&amp;Categoría:</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>&amp;Estado:</translation>
    </message>
    <message>
        <source>&amp;Add pet</source>
        <translation>&amp;Añadir animal</translation>
    </message>
    <message>
        <source>The pet is added to &lt;b&gt;{environment_label}&lt;/b&gt;.</source>
        <translation>El animal se añade en &lt;b&gt;{environment_label}&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>The name is too long: at most {limit} characters.</source>
        <translation>El nombre es demasiado largo: como máximo {limit} caracteres.</translation>
    </message>
    <message>
        <source>Choose a status from the list.</source>
        <translation>Elija un estado de la lista.</translation>
    </message>
    <message>
        <source>Enter a name (not just spaces).</source>
        <translation>Escriba un nombre (no solo espacios).</translation>
    </message>
    <message>
        <source>The name contains characters that cannot be used (tabs or line breaks).</source>
        <translation>El nombre contiene caracteres que no se pueden usar (tabulaciones o saltos de línea).</translation>
    </message>
    <message>
        <source>Remove the invisible character {character} (a direction override or zero-width space).</source>
        <translation>Quite el carácter invisible {character} (un cambio de dirección o un espacio de ancho cero).</translation>
    </message>
    <message>
        <source>Choose a category, or type its name or number.</source>
        <translation>Elija una categoría o escriba su nombre o número.</translation>
    </message>
    <message>
        <source>The category ID is too large (at most {limit}).</source>
        <translation>El ID de categoría es demasiado grande (como máximo {limit}).</translation>
    </message>
    <message>
        <source>Discard this pet?</source>
        <translation>¿Descartar este animal?</translation>
    </message>
    <message>
        <source>This pet has not been added. Keep editing it, or discard what you typed?</source>
        <translation>Este animal no se ha añadido. ¿Seguir editándolo o descartar lo que escribió?</translation>
    </message>
    <message>
        <source>&amp;Keep editing</source>
        <translation>&amp;Seguir editando</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Descartar</translation>
    </message>
    <message>
        <source>Send &amp;later</source>
        <translation>Enviar &amp;más tarde</translation>
    </message>
    <message>
        <source>This name cannot be used.</source>
        <translation>Este nombre no se puede usar.</translation>
    </message>
    <message>
        <source>The category ID must be 1 or more.</source>
        <translation>El ID de categoría debe ser 1 o más.</translation>
    </message>
    <message>
        <source>The category ID must be a whole number, like 3.</source>
        <translation>El ID de categoría debe ser un número entero, como 3.</translation>
    </message>
    <message>
        <source>Adding…</source>
        <translation>Añadiendo…</translation>
    </message>
    <message>
        <source>Enter the pet&apos;s name.</source>
        <translation>Escriba el nombre del animal.</translation>
    </message>
</context>
<context>
    <name>ApiKeyDialog</name>
    <message>
        <source>Service address</source>
        <extracomment>The (address, key) that failed the last Test, and why; saving it asks first. The (address, key) that passed a Test: already kept.</extracomment>
        <translation>Dirección del servicio</translation>
    </message>
    <message>
        <source>Service address and API key — {environment_label}</source>
        <extracomment>Save: the address and the key (empty: keep the saved key). Test connection: the address and the key (empty: the saved key).</extracomment>
        <translation>Dirección del servicio y clave de API — {environment_label}</translation>
    </message>
    <message>
        <source>Enter the API key for &lt;b&gt;{environment_label}&lt;/b&gt;. PetDesk never writes it to a file: it keeps it in your system keyring, or in memory until you quit when no keyring works.</source>
        <translation>Escriba la clave de API para &lt;b&gt;{environment_label}&lt;/b&gt;. PetDesk nunca la escribe en un archivo: la guarda en el llavero del sistema o, si no funciona ninguno, en memoria hasta que salga.</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <source>Paste the API key here</source>
        <translation>Pegue aquí la clave de API</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Mostrar</translation>
    </message>
    <message>
        <source>Show the API key</source>
        <translation>Mostrar la clave de API</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>&amp;Probar conexión</translation>
    </message>
    <message>
        <source>PETDESK_API_KEY is set in the environment: PetDesk uses that key and never stores it. A key saved here is used once it is unset.</source>
        <translation>PETDESK_API_KEY está definida en el entorno: PetDesk usa esa clave y nunca la guarda. Una clave guardada aquí se usa cuando esa variable se elimina.</translation>
    </message>
    <message>
        <source>Service &amp;address:</source>
        <translation>&amp;Dirección del servicio:</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Ocultar</translation>
    </message>
    <message>
        <source>Hide the API key</source>
        <translation>Ocultar la clave de API</translation>
    </message>
    <message>
        <source>This is the example address from the Pet Store service&apos;s documentation, not a real service: PetDesk is not set up yet. Enter the address your shelter was given for its Pet Store service.</source>
        <translation>Esta es la dirección de ejemplo de la documentación del servicio Pet Store, no un servicio real: PetDesk aún no está configurado. Escriba la dirección que recibió su refugio para su servicio Pet Store.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Probando…</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
    <message>
        <source>Save a key that failed the test?</source>
        <translation>¿Guardar una clave que no pasó la prueba?</translation>
    </message>
    <message>
        <source>This key failed the test a moment ago:
{refused_why}

Save it anyway?</source>
        <translation>Esta clave no pasó la prueba hace un momento:
{refused_why}

¿Guardarla igualmente?</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
</context>
<context>
    <name>AuthController</name>
    <message>
        <source>The service did not accept the saved API key: it is not accepted at this address. Enter the key again, and check the address.</source>
        <extracomment>A job was refused for want of a valid key: open the key dialog with this reason. The key dialog&apos;s Test: what it found (:class:`Reach`) and the sentence to show. Saved: the message for the status bar (a keyring problem, or that it was saved). Saving failed: the message for the dialog. A held job that ended without a key: its 401 went to its own completion. A pair passed the key dialog&apos;s Test and was kept: the sentence for the status bar once the dialog closes (``None``: nothing kept).</extracomment>
        <translation>El servicio no aceptó la clave de API guardada: no se acepta en esta dirección. Escriba la clave de nuevo y compruebe la dirección.</translation>
    </message>
    <message>
        <source>The tested address and API key are in use.</source>
        <translation>La dirección y la clave de API probadas ya están en uso.</translation>
    </message>
    <message>
        <source>Connected: the key works. PetDesk keeps this address and key.</source>
        <translation>Conectado: la clave funciona. PetDesk conserva esta dirección y esta clave.</translation>
    </message>
    <message>
        <source>Connected: the saved key works at this address. PetDesk keeps this address.</source>
        <translation>Conectado: la clave guardada funciona en esta dirección. PetDesk conserva esta dirección.</translation>
    </message>
    <message>
        <source>Testing the connection…</source>
        <translation>Probando la conexión…</translation>
    </message>
    <message>
        <source>This address does not exist: no computer on the network is called {address}. Check the address; if it is right, check that this computer is online.</source>
        <translation>Esta dirección no existe: ningún ordenador de la red se llama {address}. Compruebe la dirección; si es correcta, compruebe que este ordenador tiene conexión.</translation>
    </message>
    <message>
        <source>No network connection to {address}: this computer may be offline, or nothing answers at that address. Check the network connection, then the address.</source>
        <translation>Sin conexión de red con {address}: puede que este ordenador no tenga red, o que nada responda en esa dirección. Compruebe la conexión de red y después la dirección.</translation>
    </message>
    <message>
        <source>This key cannot be used: {reason}.</source>
        <translation>Esta clave no se puede usar: {reason}.</translation>
    </message>
    <message>
        <source>The service refused this key: it is not accepted at this address. The address is right (the service answered).</source>
        <translation>El servicio rechazó esta clave: no se acepta en esta dirección. La dirección es correcta (el servicio respondió).</translation>
    </message>
    <message>
        <source>Something answers at this address, but not the Pet Store service. Check the address: it usually ends in /v1.</source>
        <translation>Algo responde en esta dirección, pero no es el servicio Pet Store. Compruebe la dirección: suele terminar en /v1.</translation>
    </message>
    <message>
        <source>Service address saved.</source>
        <translation>Dirección del servicio guardada.</translation>
    </message>
    <message>
        <source>API key saved in the system keyring.</source>
        <translation>Clave de API guardada en el llavero del sistema.</translation>
    </message>
    <message>
        <source>Saving the key…</source>
        <translation>Guardando la clave…</translation>
    </message>
</context>
<context>
    <name>BulkDialogs</name>
    <message>
        <source>Import</source>
        <translation>Importar</translation>
    </message>
</context>
<context>
    <name>CardPageSize</name>
    <message>
        <source>A4 (6 cards a page)</source>
        <extracomment>Quiet zone around the QR code, in modules (ISO/IEC 18004 asks for 4). Longer text is cut before it is laid out (a server may send a name of any length; a card holds far fewer characters than this even at the smallest size).</extracomment>
        <translation>A4 (6 fichas por página)</translation>
    </message>
    <message>
        <source>Letter (6 cards a page)</source>
        <translation>Carta (6 fichas por página)</translation>
    </message>
    <message>
        <source>4 × 6 in (1 card a page)</source>
        <translation>4 × 6 pulg. (1 ficha por página)</translation>
    </message>
</context>
<context>
    <name>CardsAndCategories</name>
    <message>
        <source>Category names — {label}</source>
        <extracomment>The pet the detail panel shows (``None``: none). The names already read at start (instant start), shown until the load.</extracomment>
        <translation>Nombres de categoría — {label}</translation>
    </message>
    <message>
        <source>Kennel cards saved to {path}.</source>
        <translation>Fichas de jaula guardadas en {path}.</translation>
    </message>
    <message>
        <source>Select a pet first: its kennel card is printed.</source>
        <translation>Seleccione primero un animal: se imprime su ficha de jaula.</translation>
    </message>
    <message>
        <source>Kennel cards sent to the printer.</source>
        <translation>Fichas de jaula enviadas a la impresora.</translation>
    </message>
</context>
<context>
    <name>CatalogueController</name>
    <message>
        <source>The catalogue is switched off: turn it on in File › Settings… to keep it up to date.</source>
        <extracomment>The longest the timer sleeps before stepping again (a longer wait is re-asked). After a failed or stopped step, try again after this. How the catalogue stands: a :class:`~petdesk.services.catalogue.service.CatalogueReport`. The mirror&apos;s rows changed (a view over it re-reads its count and rows). One sentence for the status bar (the catalogue&apos;s file was set aside, …).</extracomment>
        <translation>El catálogo está desactivado: actívelo en Archivo › Configuración… para mantenerlo al día.</translation>
    </message>
    <message>
        <source>Updating the catalogue…</source>
        <translation>Actualizando el catálogo…</translation>
    </message>
    <message>
        <source>The catalogue is not updated while the shared store cannot be reached: it is kept there for every desk.</source>
        <translation>El catálogo no se actualiza mientras no se pueda acceder al almacén compartido: se mantiene allí para todos los puestos.</translation>
    </message>
    <message>
        <source>The catalogue could not be updated: {error}</source>
        <translation>No se pudo actualizar el catálogo: {error}</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <source>Searching the catalogue…</source>
        <translation>Buscando en el catálogo…</translation>
    </message>
    <message>
        <source>The search was stopped. Press Enter to search again.</source>
        <translation>Se detuvo la búsqueda. Pulse Intro para buscar de nuevo.</translation>
    </message>
    <message>
        <source>Find any animal</source>
        <extracomment>Typing pauses this long before a search runs. The orders offered (sort, descending), named in :meth:`CatalogueDialog._order_names`; the first is the default. Open the detail of this pet (an id typed, or a result chosen). The user asked for an update of the catalogue.</extracomment>
        <translation>Buscar cualquier animal</translation>
    </message>
    <message>
        <source>Name or ID, e.g. Mochi or 1042</source>
        <translation>Nombre o ID, p. ej. Mochi o 1042</translation>
    </message>
    <message>
        <source>Find a pet by name or ID</source>
        <translation>Buscar un animal por nombre o ID</translation>
    </message>
    <message>
        <source>Order of the results</source>
        <translation>Orden de los resultados</translation>
    </message>
    <message>
        <source>Pets found</source>
        <translation>Animales encontrados</translation>
    </message>
    <message>
        <source>Update now</source>
        <translation>Actualizar ahora</translation>
    </message>
    <message>
        <source>Look for new pets now (Ctrl+Shift+U)</source>
        <translation>Buscar animales nuevos ahora (Ctrl+Mayús+U)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>&amp;Find:</source>
        <translation>&amp;Buscar:</translation>
    </message>
    <message>
        <source>&amp;Order:</source>
        <translation>&amp;Orden:</translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation>Los más nuevos primero</translation>
    </message>
    <message>
        <source>Oldest first</source>
        <translation>Los más antiguos primero</translation>
    </message>
    <message>
        <source>Name, A to Z</source>
        <translation>Nombre, de la A a la Z</translation>
    </message>
    <message>
        <source>Name, Z to A</source>
        <translation>Nombre, de la Z a la A</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>{name}, reversed</source>
        <translation>{name}, al revés</translation>
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
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
</context>
<context>
    <name>CatalogueSettingsBox</name>
    <message>
        <source>Catalogue (to find any animal by name)</source>
        <translation>Catálogo (para encontrar cualquier animal por su nombre)</translation>
    </message>
    <message>
        <source>&amp;Keep a copy of the whole catalogue on this computer</source>
        <translation>&amp;Guardar una copia de todo el catálogo en este equipo</translation>
    </message>
    <message>
        <source>Look for new pets every</source>
        <translation>Buscar animales nuevos cada</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Share of the day&apos;s requests it may use</source>
        <translation>Parte de las solicitudes diarias que puede usar</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Requests a day on your plan</source>
        <translation>Solicitudes al día de su plan</translation>
    </message>
    <message>
        <source>Look for new pets &amp;every:</source>
        <translation>Buscar animales nuevos &amp;cada:</translation>
    </message>
    <message>
        <source>Use at &amp;most:</source>
        <translation>Usar como &amp;máximo:</translation>
    </message>
    <message>
        <source>Requests a &amp;day on your plan:</source>
        <translation>Solicitudes al &amp;día de su plan:</translation>
    </message>
    <message>
        <source>Off: PetDesk sends no requests for the catalogue. Finding a pet by name searches only what was already downloaded.</source>
        <translation>Desactivado: PetDesk no envía solicitudes para el catálogo. La búsqueda por nombre solo busca en lo que ya se descargó.</translation>
    </message>
    <message>
        <source>Downloading the catalogue takes one request per 100 pets. Then each check for new pets costs one or two requests ({updates} checks a day), and every page is read again once a day. The catalogue never uses more than {allowance} requests a day, and never the requests kept for your own work.</source>
        <translation>Descargar el catálogo cuesta una solicitud por cada 100 animales. Después, cada búsqueda de animales nuevos cuesta una o dos solicitudes ({updates} búsquedas al día), y cada página se vuelve a leer una vez al día. El catálogo nunca usa más de {allowance} solicitudes al día, ni las que se reservan para su propio trabajo.</translation>
    </message>
</context>
<context>
    <name>CategoriesDialog</name>
    <message>
        <source>Category names</source>
        <translation>Nombres de categoría</translation>
    </message>
</context>
<context>
    <name>CategoriesPage</name>
    <message>
        <source>Import category names</source>
        <translation>Importar nombres de categoría</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>Archivos CSV (*.csv);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Export category names</source>
        <translation>Exportar nombres de categoría</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>New category ID</source>
        <translation>ID de la nueva categoría</translation>
    </message>
    <message>
        <source>Name, e.g. Dogs</source>
        <translation>Nombre, p. ej. Perros</translation>
    </message>
    <message>
        <source>New category name</source>
        <translation>Nombre de la nueva categoría</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Añadir</translation>
    </message>
    <message>
        <source>Added {label}.</source>
        <translation>Se añadió {label}.</translation>
    </message>
    <message>
        <source>Removed {removed}.</source>
        <translation>Se quitó {removed}.</translation>
    </message>
    <message>
        <source>Reading {path}…</source>
        <translation>Leyendo {path}…</translation>
    </message>
    <message>
        <source>{name}: </source>
        <translation>{name}: </translation>
    </message>
    <message>
        <source>Imported {name}: {changed} names added or changed.</source>
        <translation>Se importó {name}: {changed} nombres añadidos o cambiados.</translation>
    </message>
    <message>
        <source>Exported {count} names to {path}.</source>
        <translation>Se exportaron {count} nombres a {path}.</translation>
    </message>
    <message>
        <source>Category names</source>
        <translation>Nombres de categoría</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>Cambiar &amp;nombre</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>&amp;Quitar</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importar…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportar…</translation>
    </message>
    <message>
        <source>The service knows categories only by number. Name them here; the table, the details and the kennel cards show “Dogs (1)”, or the number alone.</source>
        <translation>El servicio solo conoce las categorías por su número. Póngales nombre aquí; la tabla, los datos y las fichas de jaula muestran «Perros (1)», o solo el número.</translation>
    </message>
    <message>
        <source>%1 could not be read</source>
        <translation>No se pudo leer %1</translation>
    </message>
    <message>
        <source>categories.csv</source>
        <translation>categorias.csv</translation>
    </message>
    <message>
        <source>%1 could not be written</source>
        <translation>No se pudo escribir %1</translation>
    </message>
</context>
<context>
    <name>CategoryCombo</name>
    <message>
        <source>Category name or number</source>
        <translation>Nombre o número de la categoría</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Choose a named category or type its number</source>
        <translation>Elija una categoría con nombre o escriba su número</translation>
    </message>
    <message>
        <source>Choose a category or type its number.</source>
        <translation>Elija una categoría o escriba su número.</translation>
    </message>
    <message>
        <source>“{text}” fits several categories: {listed}. Type more of the name, or its number.</source>
        <translation>«{text}» coincide con varias categorías: {listed}. Escriba más del nombre o su número.</translation>
    </message>
    <message>
        <source>No category is called “{text}”. Type its number, or name it in File › Categories…</source>
        <translation>Ninguna categoría se llama «{text}». Escriba su número o póngale nombre en Archivo › Categorías…</translation>
    </message>
</context>
<context>
    <name>CategoryModel</name>
    <message>
        <source>Category ID</source>
        <extracomment>The role whose data is the row&apos;s :class:`Category`. After every edit by the user: add, rename, remove, import (what is saved). After every change of what :meth:`label` answers, the table loaded at start included: views showing category labels refresh on it. A rejected edit in place, with the sentence to show.</extracomment>
        <translation>ID de categoría</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
</context>
<context>
    <name>CategoryPersistence</name>
    <message>
        <source>Changes to category names are not saved.</source>
        <extracomment>The table was loaded (or seeded) and shown. A save finished. Loading or saving failed, with the sentence to show.</extracomment>
        <translation>Los cambios en los nombres de categoría no se guardan.</translation>
    </message>
</context>
<context>
    <name>CategoryWordsDialog</name>
    <message>
        <source>Category words</source>
        <translation>Palabras de categoría</translation>
    </message>
    <message>
        <source>The service knows categories by number. Say which category each word of the file means; leave a word empty to leave its rows out. PetDesk remembers your answers for files with the same columns.</source>
        <translation>El servicio conoce las categorías solo por número. Indique qué categoría significa cada palabra del archivo; deje una palabra vacía para omitir sus filas. PetDesk recuerda sus respuestas para archivos con las mismas columnas.</translation>
    </message>
    <message>
        <source>Word in the file</source>
        <translation>Palabra en el archivo</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Filas</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Check rows again</source>
        <translation>Comprobar filas de nuevo</translation>
    </message>
    <message>
        <source>“{word}”: {error}</source>
        <translation>«{word}»: {error}</translation>
    </message>
</context>
<context>
    <name>ColumnsPage</name>
    <message>
        <source>Sheet</source>
        <extracomment>What the user chose to read differently: (sheet, encoding, delimiter); ``None``: as detected.</extracomment>
        <translation>Hoja</translation>
    </message>
    <message>
        <source>Text encoding</source>
        <translation>Codificación del texto</translation>
    </message>
    <message>
        <source>As detected</source>
        <translation>Según lo detectado</translation>
    </message>
    <message>
        <source>Separator</source>
        <translation>Separador</translation>
    </message>
    <message>
        <source>Sheet:</source>
        <translation>Hoja:</translation>
    </message>
    <message>
        <source>Text encoding:</source>
        <translation>Codificación del texto:</translation>
    </message>
    <message>
        <source>Separator:</source>
        <translation>Separador:</translation>
    </message>
    <message>
        <source>{label} is in:</source>
        <translation>{label} está en:</translation>
    </message>
    <message>
        <source>File: {name} ({size})</source>
        <translation>Archivo: {name} ({size})</translation>
    </message>
    <message>
        <source>Detected: {detected}</source>
        <translation>Detectado: {detected}</translation>
    </message>
    <message>
        <source>This workbook has {sheets} sheets: choose the one with the pets.</source>
        <translation>Este libro tiene {sheets} hojas: elija la que contiene los animales.</translation>
    </message>
    <message>
        <source>column {index}</source>
        <translation>columna {index}</translation>
    </message>
    <message>
        <source>This workbook has {sheets} sheets; “{sheet}” is read.</source>
        <translation>Este libro tiene {sheets} hojas; se lee «{sheet}».</translation>
    </message>
    <message>
        <source>Category words: {listed}</source>
        <translation>Palabras de categoría: {listed}</translation>
    </message>
    <message>
        <source>Not imported (a pet has only a name, a category and a status): {dropped}.</source>
        <translation>No se importan (un animal solo tiene nombre, categoría y estado): {dropped}.</translation>
    </message>
    <message>
        <source>Choose the column of {missing} first.</source>
        <translation>Elija primero la columna de {missing}.</translation>
    </message>
    <message>
        <source>Check rows</source>
        <translation>Comprobar filas</translation>
    </message>
    <message>
        <source>Other file…</source>
        <translation>Otro archivo…</translation>
    </message>
    <message>
        <source>(not in this file)</source>
        <translation>(no está en este archivo)</translation>
    </message>
    <message>
        <source>(no status)</source>
        <translation>(sin estado)</translation>
    </message>
    <message>
        <source>Columns as you chose them last time for this layout.</source>
        <translation>Columnas como las eligió la última vez para esta estructura.</translation>
    </message>
</context>
<context>
    <name>ConnectionController</name>
    <message>
        <source>in-process sandbox</source>
        <extracomment>What the window shows as the demo&apos;s address (requests never leave the process).</extracomment>
        <translation>entorno aislado dentro de PetDesk</translation>
    </message>
    <message>
        <source>Demo</source>
        <extracomment>The connection in use changed: the new one (the worker follows it, before :attr:`changed`). The environment, address or timeout changed (the list must be reloaded).</extracomment>
        <translation>Demo</translation>
    </message>
    <message>
        <source>Staging</source>
        <translation>Pruebas</translation>
    </message>
    <message>
        <source>Production</source>
        <translation>Producción</translation>
    </message>
    <message>
        <source>{label} (not set up)</source>
        <translation>{label} (sin configurar)</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <source>PetDesk ran into a problem</source>
        <translation>PetDesk ha tenido un problema</translation>
    </message>
    <message>
        <source>Something unexpected went wrong inside PetDesk. You can keep working: what you typed is still there. If it happens again, copy the details below and send them to your support contact.</source>
        <translation>Algo inesperado ha fallado dentro de PetDesk. Puede seguir trabajando: lo que escribió sigue ahí. Si vuelve a ocurrir, copie los detalles de abajo y envíelos a su contacto de soporte.</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>Detalles técnicos</translation>
    </message>
    <message>
        <source>&amp;Copy details</source>
        <translation>&amp;Copiar detalles</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiado</translation>
    </message>
</context>
<context>
    <name>DecisionsPanel</name>
    <message>
        <source>Row</source>
        <extracomment>The decisions table&apos;s columns.</extracomment>
        <translation>Fila</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Is it one of these pets?</source>
        <translation>¿Es uno de estos animales?</translation>
    </message>
    <message>
        <source>Apply answers</source>
        <translation>Aplicar respuestas</translation>
    </message>
    <message>
        <source>All: the first matching pet</source>
        <translation>Todas: el primer animal que coincide</translation>
    </message>
    <message>
        <source>All: none of them, send again</source>
        <translation>Todas: ninguno, enviar de nuevo</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Elegir…</translation>
    </message>
    <message>
        <source>Yes: it is pet {pet_id}</source>
        <translation>Sí: es el animal {pet_id}</translation>
    </message>
    <message>
        <source>{pending} rows were sent but the service&apos;s answer was lost, and it now has several pets that could be each of them. Say which pet each row is, or that none is (PetDesk then sends it again). Nothing else waits for this.</source>
        <translation>Se enviaron {pending} filas, pero la respuesta del servicio se perdió, y ahora tiene varios animales que podrían corresponder a cada una. Indique qué animal es cada fila, o que no es ninguno (PetDesk la envía de nuevo). Nada más espera por esto.</translation>
    </message>
    <message>
        <source>No, none of them: send it again</source>
        <translation>No, ninguno: enviarla de nuevo</translation>
    </message>
</context>
<context>
    <name>DemoCategories</name>
    <message>
        <source>Dogs</source>
        <extracomment>The longest category name accepted. The most categories a table holds (bounds memory and the CSV import). The largest CSV file read. The largest JSON file read.</extracomment>
        <translation>Perros</translation>
    </message>
    <message>
        <source>Cats</source>
        <translation>Gatos</translation>
    </message>
    <message>
        <source>Rabbits</source>
        <translation>Conejos</translation>
    </message>
    <message>
        <source>Birds</source>
        <translation>Aves</translation>
    </message>
    <message>
        <source>Reptiles</source>
        <translation>Reptiles</translation>
    </message>
    <message>
        <source>Small mammals</source>
        <translation>Pequeños mamíferos</translation>
    </message>
    <message>
        <source>Fish</source>
        <translation>Peces</translation>
    </message>
</context>
<context>
    <name>EnvironmentBanner</name>
    <message>
        <source>&lt;b&gt;DEMO&lt;/b&gt; — sample data on this computer; nothing leaves it</source>
        <extracomment>The status filter&apos;s entry for pets without a status (filtered over the loaded rows: the list API takes a status, and has no way to ask for &quot;none&quot;). Banner colours (background, text) by environment; production uses the palette&apos;s.</extracomment>
        <translation>&lt;b&gt;DEMO&lt;/b&gt; — datos de ejemplo en este ordenador; nada sale de él</translation>
    </message>
    <message>
        <source>&lt;b&gt;STAGING&lt;/b&gt; — not set up: enter the service address with File › API key…</source>
        <translation>&lt;b&gt;PRUEBAS&lt;/b&gt; — sin configurar: escriba la dirección del servicio con Archivo › Clave de API…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Production&lt;/b&gt; — not set up: enter the service address with File › API key…</source>
        <translation>&lt;b&gt;Producción&lt;/b&gt; — sin configurar: escriba la dirección del servicio con Archivo › Clave de API…</translation>
    </message>
    <message>
        <source>&lt;b&gt;STAGING&lt;/b&gt; — test environment: {address}</source>
        <translation>&lt;b&gt;PRUEBAS&lt;/b&gt; — entorno de pruebas (staging): {address}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Production&lt;/b&gt; — live data: {address}</source>
        <translation>&lt;b&gt;Producción&lt;/b&gt; — datos reales: {address}</translation>
    </message>
    <message>
        <source>Environment: {label}</source>
        <translation>Entorno: {label}</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>CSV, UTF-8 (*.csv);;Excel workbook (*.xlsx)</source>
        <translation>CSV, UTF-8 (*.csv);;Libro de Excel (*.xlsx)</translation>
    </message>
    <message>
        <source>Export pets to</source>
        <translation>Exportar animales a</translation>
    </message>
    <message>
        <source>Export pets</source>
        <translation>Exportar animales</translation>
    </message>
    <message>
        <source>all statuses</source>
        <translation>todos los estados</translation>
    </message>
    <message>
        <source>status “{status}”</source>
        <translation>estado «{status}»</translation>
    </message>
    <message>
        <source>Every pet of the current list ({which}), all pages</source>
        <translation>Todos los animales de la lista actual ({which}), todas las páginas</translation>
    </message>
    <message>
        <source>Only the selected rows ({selected})</source>
        <translation>Solo las filas seleccionadas ({selected})</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>Progreso de la exportación</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>CSV files open in Excel with every accent intact; the whole list is fetched page by page at the pace your plan allows.</source>
        <translation>Los archivos CSV se abren en Excel con todos los acentos intactos; la lista completa se descarga página a página al ritmo que permite su plan.</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Exportando…</translation>
    </message>
    <message>
        <source>Exporting… {rows} pets so far</source>
        <translation>Exportando… {rows} animales hasta ahora</translation>
    </message>
    <message>
        <source>Exported {rows} pets to {name}.</source>
        <translation>Se exportaron {rows} animales a {name}.</translation>
    </message>
    <message>
        <source>The export failed: {error}</source>
        <translation>La exportación falló: {error}</translation>
    </message>
    <message>
        <source>Export cancelled; no file was written.</source>
        <translation>Exportación cancelada; no se escribió ningún archivo.</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>Filters and look-up</source>
        <extracomment>The narrowest the name filter and the look-up field get (they stay usable).</extracomment>
        <translation>Filtros y búsqueda</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Entorno</translation>
    </message>
    <message>
        <source>Demo (sandbox)</source>
        <translation>Demo (simulado)</translation>
    </message>
    <message>
        <source>Production</source>
        <translation>Producción</translation>
    </message>
    <message>
        <source>Staging</source>
        <translation>Pruebas</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>Filtro de estado</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Todos</translation>
    </message>
    <message>
        <source>Page size</source>
        <translation>Animales por página</translation>
    </message>
    <message>
        <source>How many pets to load per page (1–100)</source>
        <translation>Cuántos animales cargar por página (1–100)</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <source>Filter by name (Ctrl+F)</source>
        <translation>Filtrar por nombre (Ctrl+F)</translation>
    </message>
    <message>
        <source>Quick filter by name</source>
        <translation>Filtro rápido por nombre</translation>
    </message>
    <message>
        <source>Filters the pets loaded in the table. With the catalogue on, also counts the pets of the whole catalogue named like this: Enter shows them in Find any animal (Ctrl+Shift+F).</source>
        <translation>Filtra los animales cargados en la tabla. Con el catálogo activado, cuenta también los animales de todo el catálogo con ese nombre: Intro los muestra en «Buscar cualquier animal» (Ctrl+Mayús+F).</translation>
    </message>
    <message>
        <source>Look up ID (Ctrl+L)</source>
        <translation>Buscar ID (Ctrl+L)</translation>
    </message>
    <message>
        <source>Look up a pet by ID</source>
        <translation>Buscar un animal por ID</translation>
    </message>
    <message>
        <source>Type a pet ID and press Enter</source>
        <translation>Escriba un ID y pulse Intro</translation>
    </message>
    <message>
        <source>Add pet…</source>
        <translation>Añadir animal…</translation>
    </message>
    <message>
        <source>Add pet</source>
        <translation>Añadir animal</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>&amp;Entorno:</translation>
    </message>
    <message>
        <source>S&amp;tatus:</source>
        <translation>Es&amp;tado:</translation>
    </message>
    <message>
        <source>Page si&amp;ze:</source>
        <translation>Por pá&amp;gina:</translation>
    </message>
</context>
<context>
    <name>Import</name>
    <message>
        <source>{counts}, {earlier:,} already added by an earlier import of this file</source>
        <extracomment>A valid row&apos;s values: name (as NewPet normalised it), category id, status (its wire value). Plain values only, so the garbage collector can stop tracking the row. The cells as in the file (shortened for display). What ``NewPet`` validation produced (name, categoryId, status); ``None`` when the row is invalid. Plain values, not the model: 100,000 kept models and their sets would make the garbage collector a third of the preview&apos;s time. The id an earlier import of this file gave the row (it is not sent again). Possible duplicates the user chose to add anyway. Rows an earlier import of this file added: not sent again.</extracomment>
        <translation>{counts}, {earlier:,} ya añadidas por una importación anterior de este archivo</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Category ID</source>
        <translation>ID de categoría</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>{field} points at a column this file does not have.</source>
        <extracomment>Normalised header → (field, rank); a lower rank wins when several columns match.</extracomment>
        <translation>{field} apunta a una columna que este archivo no tiene.</translation>
    </message>
    <message>
        <source>One column cannot hold two different fields.</source>
        <translation>Una columna no puede contener dos campos distintos.</translation>
    </message>
    <message>
        <source>Both “{first}” and “{second}” look like {field}; using “{first}”.</source>
        <translation>Tanto «{first}» como «{second}» parecen {field}; se usa «{first}».</translation>
    </message>
    <message>
        <source>Category ID is read from “{column}”: say which category number each of its words means.</source>
        <translation>El ID de categoría se lee de «{column}»: indique qué número de categoría significa cada una de sus palabras.</translation>
    </message>
    <message>
        <source>No column looks like {field}: choose one.</source>
        <translation>Ninguna columna parece {field}: elija una.</translation>
    </message>
    <message>
        <source>Row {row}, {column}: {message}</source>
        <extracomment>The column as staff see it: ``Category ID (column C)``.</extracomment>
        <translation>Fila {row}, {column}: {message}</translation>
    </message>
    <message>
        <source>same name, category and status as row {row}</source>
        <translation>mismo nombre, categoría y estado que la fila {row}</translation>
    </message>
    <message>
        <source>same name, category and status as pet {id}</source>
        <translation>mismo nombre, categoría y estado que el animal {id}</translation>
    </message>
    <message>
        <source>same name, category and status as a pet waiting to be sent</source>
        <translation>mismo nombre, categoría y estado que un animal pendiente de envío</translation>
    </message>
    <message>
        <source>1 row</source>
        <translation>1 fila</translation>
    </message>
    <message>
        <source>{count:,} rows</source>
        <translation>{count:,} filas</translation>
    </message>
    <message>
        <source>1 possible duplicate</source>
        <translation>1 posible duplicado</translation>
    </message>
    <message>
        <source>{count:,} possible duplicates</source>
        <translation>{count:,} posibles duplicados</translation>
    </message>
    <message>
        <source>{rows}: {ready:,} ready, {invalid:,} invalid, {duplicates} ({to_add:,} to add anyway)</source>
        <translation>{rows}: {ready:,} listas, {invalid:,} no válidas, {duplicates} ({to_add:,} se añaden igualmente)</translation>
    </message>
    <message>
        <source>{rows}: {ready:,} ready, {invalid:,} invalid, {duplicates}</source>
        <translation>{rows}: {ready:,} listas, {invalid:,} no válidas, {duplicates}</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>falta</translation>
    </message>
    <message>
        <source>must be a whole number like 3 or a word set under Category names, not “{value}”</source>
        <translation>debe ser un número entero como 3 o una palabra definida en Nombres de categoría, no «{value}»</translation>
    </message>
    <message>
        <source>must be a whole number like 3, not “{value}”</source>
        <translation>debe ser un número entero como 3, no «{value}»</translation>
    </message>
    <message>
        <source>must be available, pending or sold (or empty), not “{value}”</source>
        <translation>debe ser available, pending o sold (o estar vacío), no «{value}»</translation>
    </message>
    <message>
        <source>must be at most {max:,}</source>
        <translation>debe ser como máximo {max:,}</translation>
    </message>
    <message>
        <source>must be 1 or more</source>
        <translation>debe ser 1 o más</translation>
    </message>
    <message>
        <source>must be at most {max} characters</source>
        <translation>debe tener como máximo {max} caracteres</translation>
    </message>
    <message>
        <source>{field} {problem}</source>
        <translation>{field}: {problem}</translation>
    </message>
    <message>
        <source>Choose the column that holds {field}.</source>
        <extracomment>Row number -&gt; index in the preview&apos;s rows (ints only: not tracked by gc). Rows an earlier import of this file added (not sent again). The most distinct category words a preview lists (the rest are counted together).</extracomment>
        <translation>Elija la columna que contiene {field}.</translation>
    </message>
    <message>
        <source>Choose the columns that hold {first} and {second}.</source>
        <translation>Elija las columnas que contienen {first} y {second}.</translation>
    </message>
    <message>
        <source>separated by {delimiter}</source>
        <extracomment>SHA-256 of the file&apos;s bytes: identifies &quot;this same file&quot; across restarts. CSV only: the Python codec name and the delimiter. Spreadsheets only: the sheet read, and every visible worksheet (to choose from).</extracomment>
        <translation>separado por {delimiter}</translation>
    </message>
    <message>
        <source>sheet “{sheet}”</source>
        <translation>hoja «{sheet}»</translation>
    </message>
    <message>
        <source>UTF-8 (with BOM)</source>
        <translation>UTF-8 (con BOM)</translation>
    </message>
    <message>
        <source>commas</source>
        <translation>comas</translation>
    </message>
    <message>
        <source>semicolons</source>
        <translation>puntos y coma</translation>
    </message>
    <message>
        <source>tabs</source>
        <translation>tabulaciones</translation>
    </message>
    <message>
        <source>pipes</source>
        <translation>barras verticales</translation>
    </message>
    <message>
        <source>Row {row} is longer than {limit:,} characters. This does not look like a table of pets.</source>
        <extracomment>Excel&apos;s own delimiter hint, alone on the first line: ``sep=;``.</extracomment>
        <translation>La fila {row} tiene más de {limit:,} caracteres. No parece una tabla de animales.</translation>
    </message>
    <message>
        <source>Row {row} could not be read ({reason}).</source>
        <translation>No se pudo leer la fila {row} ({reason}).</translation>
    </message>
    <message>
        <source>This file is not {encoding} text: choose another encoding.</source>
        <translation>Este archivo no es texto {encoding}: elija otra codificación.</translation>
    </message>
    <message>
        <source>Row {row} has more than {limit:,} columns.</source>
        <translation>La fila {row} tiene más de {limit:,} columnas.</translation>
    </message>
    <message>
        <source>Row {row} has a cell longer than {limit:,} characters.</source>
        <translation>La fila {row} tiene una celda de más de {limit:,} caracteres.</translation>
    </message>
    <message>
        <source>“{encoding}” is not a text encoding PetDesk knows.</source>
        <translation>«{encoding}» no es una codificación de texto que PetDesk conozca.</translation>
    </message>
    <message>
        <source>This file is empty: it has no header row and no pets.</source>
        <translation>Este archivo está vacío: no tiene fila de encabezado ni animales.</translation>
    </message>
    <message>
        <source>“{file}” no longer exists.</source>
        <translation>«{file}» ya no existe.</translation>
    </message>
    <message>
        <source>“{file}” could not be opened ({reason}).</source>
        <translation>No se pudo abrir «{file}» ({reason}).</translation>
    </message>
    <message>
        <source>“{file}” is not a file.</source>
        <translation>«{file}» no es un archivo.</translation>
    </message>
    <message>
        <source>“{file}” is {size:,} MB; PetDesk imports files up to {limit:,} MB. Split it into smaller files.</source>
        <translation>«{file}» ocupa {size:,} MB; PetDesk importa archivos de hasta {limit:,} MB. Divídalo en archivos más pequeños.</translation>
    </message>
    <message>
        <source>“{file}” is empty.</source>
        <translation>«{file}» está vacío.</translation>
    </message>
    <message>
        <source>PetDesk may not read “{file}” (permission denied).</source>
        <translation>PetDesk no tiene permiso para leer «{file}» (acceso denegado).</translation>
    </message>
    <message>
        <source>“{file}” could not be read ({reason}).</source>
        <translation>No se pudo leer «{file}» ({reason}).</translation>
    </message>
    <message>
        <source>“{file}” changed since it was opened: open it again.</source>
        <extracomment>The mapping to propose: the remembered one for this layout, else the suggestion. True when ``mapping`` was remembered from an earlier import of this layout.</extracomment>
        <translation>«{file}» cambió desde que se abrió: vuelva a abrirlo.</translation>
    </message>
    <message>
        <source>This file is damaged: it is not a readable spreadsheet.</source>
        <translation>Este archivo está dañado: no es una hoja de cálculo legible.</translation>
    </message>
    <message>
        <source>less than a minute</source>
        <extracomment>The plans of spec section 8 (Enterprise is &quot;custom&quot;: pass a Plan of its own). Pets a minute the estimate assumes. Pets that can still go today, and those that wait for the day&apos;s reset. Seconds until ``today`` are sent (0 when nothing can go today). When the day&apos;s quota resets (set when ``later`` &gt; 0).</extracomment>
        <translation>menos de un minuto</translation>
    </message>
    <message>
        <source>about {minutes} min</source>
        <translation>unos {minutes} min</translation>
    </message>
    <message>
        <source>about {hours} h {minutes} min</source>
        <translation>unas {hours} h {minutes} min</translation>
    </message>
    <message>
        <source>about {hours} h</source>
        <translation>unas {hours} h</translation>
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
        <translation>el otro espera a mañana, desde las {time}</translation>
    </message>
    <message>
        <source>the other {count:,} wait for tomorrow, from {time}</source>
        <translation>los otros {count:,} esperan a mañana, desde las {time}</translation>
    </message>
    <message>
        <source>the other one waits until {time}</source>
        <translation>el otro espera hasta las {time}</translation>
    </message>
    <message>
        <source>the other {count:,} wait until {time}</source>
        <translation>los otros {count:,} esperan hasta las {time}</translation>
    </message>
    <message>
        <source>{done:,} of {total:,}</source>
        <translation>{done:,} de {total:,}</translation>
    </message>
    <message>
        <source>{head} · done</source>
        <translation>{head} · terminado</translation>
    </message>
    <message>
        <source>{head} · paused</source>
        <translation>{head} · en pausa</translation>
    </message>
    <message>
        <source>{head} · today&apos;s quota is used up: {waiting}</source>
        <translation>{head} · la cuota de hoy está agotada: {waiting}</translation>
    </message>
    <message>
        <source>at {rate:,} a minute</source>
        <translation>a {rate:,} por minuto</translation>
    </message>
    <message>
        <source>{head} · {duration} left {pace}</source>
        <translation>{head} · quedan {duration} {pace}</translation>
    </message>
    <message>
        <source>{head} · {duration} left for today&apos;s {today:,} {pace}; {waiting}</source>
        <translation>{head} · quedan {duration} para los {today:,} de hoy {pace}; {waiting}</translation>
    </message>
    <message>
        <source>{count:,} added</source>
        <translation>{count:,} añadidos</translation>
    </message>
    <message>
        <source>{count:,} waiting to send</source>
        <translation>{count:,} pendientes de envío</translation>
    </message>
    <message>
        <source>{count:,} invalid</source>
        <translation>{count:,} no válidos</translation>
    </message>
    <message>
        <source>{count:,} skipped as possible duplicates</source>
        <translation>{count:,} omitidos como posibles duplicados</translation>
    </message>
    <message>
        <source>{count:,} refused by the service</source>
        <translation>{count:,} rechazados por el servicio</translation>
    </message>
    <message>
        <source>{count:,} cancelled</source>
        <translation>{count:,} cancelados</translation>
    </message>
    <message>
        <source>no rows</source>
        <translation>ninguna fila</translation>
    </message>
    <message>
        <source>Another PetDesk window is sending these pets.</source>
        <extracomment>A wait longer than this is said in the dialog (the day&apos;s quota, a lost connection). ``148 of 398 · about 4 min left at 60 a minute`` (or paused, or for tomorrow). Why sending waits, when it waits long (the day&apos;s quota, no connection), else &quot;&quot;. The rows whose outcome is known so far, and those still to send. The sender&apos;s last step (``None`` when no step ran). Seconds before the next step is worth running. The rows waiting for the user&apos;s decision (``progress.needs_decision`` of them). This computer&apos;s store, standing in for a shared store that cannot be reached: no import starts on it (:class:`SharedStoreNeeded`).</extracomment>
        <translation>Otra ventana de PetDesk está enviando estos animales.</translation>
    </message>
    <message>
        <source>Waiting ({why}): sending goes on by itself at {local} ({utc} UTC).</source>
        <translation>En espera ({why}): el envío continúa solo a las {local} ({utc} UTC).</translation>
    </message>
    <message>
        <source>{count:,} already added by an earlier import of this file (IDs {ids})</source>
        <translation>{count:,} ya añadidos por una importación anterior de este archivo (ID {ids})</translation>
    </message>
    <message>
        <source>nothing sent</source>
        <translation>no se envió nada</translation>
    </message>
    <message>
        <source>The shared store cannot be reached, and an import needs it: it keeps which rows of each file the desks have added, so that no pet is added twice. Nothing was queued. Import the file again once the shared store answers.</source>
        <extracomment>Why a desk set up for the shared store does not import while it cannot be reached.</extracomment>
        <translation>No se puede acceder al almacén compartido, y una importación lo necesita: guarda qué filas de cada archivo han añadido ya los puestos, para que ninguna mascota se añada dos veces. No se ha puesto nada en cola. Vuelva a importar el archivo cuando el almacén compartido responda.</translation>
    </message>
</context>
<context>
    <name>ImportController</name>
    <message>
        <source>Resuming the import left unfinished: {text}</source>
        <extracomment>The longest the timer sleeps before stepping again (a longer wait is re-asked). After a failed step (no key, no connection), try again after this. A look that the worker answered &quot;cancelled&quot; (Stop, or the start-up&apos;s background work held) is asked again this much later. The sender&apos;s steps that may have recorded a created pet (a 201, or a lost answer found created). How the followed import stands: an :class:`~petdesk.services.importing.service.ImportStatus`. One sentence for the status bar (an import resumed, finished, waiting). An import reached its end (the list may show new pets). A step recorded a created pet (the store put it in the catalogue).</extracomment>
        <translation>Reanudando la importación que quedó sin terminar: {text}</translation>
    </message>
    <message>
        <source>Import waiting: {error}</source>
        <translation>Importación en espera: {error}</translation>
    </message>
    <message>
        <source>Import finished: {report}.</source>
        <translation>Importación terminada: {report}.</translation>
    </message>
    <message>
        <source>The import could not be changed: {error}</source>
        <translation>No se pudo cambiar la importación: {error}</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Spreadsheets and CSV (*.xlsx *.ods *.xls *.xlsb *.csv *.tsv *.txt)</source>
        <extracomment>File-dialog filter text and the suffixes PetDesk offers to open.</extracomment>
        <translation>Hojas de cálculo y CSV (*.xlsx *.ods *.xls *.xlsb *.csv *.tsv *.txt)</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx);;CSV, UTF-8 (*.csv)</source>
        <extracomment>The status column holds the service&apos;s codes, in English whatever the window&apos;s language (what an import reads back, and what other software exchanges): the header says which codes they are. File-dialog filter for Save As.</extracomment>
        <translation>Libro de Excel (*.xlsx);;CSV, UTF-8 (*.csv)</translation>
    </message>
    <message>
        <source>Save the import report</source>
        <translation>Guardar el informe de importación</translation>
    </message>
    <message>
        <source>Import pets</source>
        <translation>Importar animales</translation>
    </message>
    <message>
        <source>Import steps</source>
        <translation>Pasos de la importación</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>Elegir un archivo</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Columnas</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>Trabajando</translation>
    </message>
    <message>
        <source>Every row checked</source>
        <translation>Todas las filas comprobadas</translation>
    </message>
    <message>
        <source>Sending</source>
        <translation>Enviando</translation>
    </message>
    <message>
        <source>Choose a spreadsheet (Excel .xlsx, LibreOffice .ods) or a CSV file with one animal a row, or drop it here. Nothing is sent before you have seen every row checked.</source>
        <translation>Elija una hoja de cálculo (Excel .xlsx, LibreOffice .ods) o un archivo CSV con un animal por fila, o arrástrelo aquí. No se envía nada antes de que haya visto cada fila comprobada.</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>Elegir archivo…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Import pets from</source>
        <translation>Importar animales desde</translation>
    </message>
    <message>
        <source>Reading “{name}”…</source>
        <translation>Leyendo «{name}»…</translation>
    </message>
    <message>
        <source>Checking every row… {rows} rows</source>
        <translation>Comprobando cada fila… {rows} filas</translation>
    </message>
    <message>
        <source>Sending the pets of “{name}”</source>
        <translation>Enviando los animales de «{name}»</translation>
    </message>
    <message>
        <source>Report saved ({rows} rows).</source>
        <translation>Informe guardado ({rows} filas).</translation>
    </message>
    <message>
        <source>Checking every row…</source>
        <translation>Comprobando cada fila…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Detenido.</translation>
    </message>
</context>
<context>
    <name>KennelCard</name>
    <message>
        <source>Printed {when}</source>
        <translation>Impreso el {when}</translation>
    </message>
    <message>
        <source>Category: {category}</source>
        <translation>Categoría: {category}</translation>
    </message>
    <message>
        <source>Status: {status}</source>
        <translation>Estado: {status}</translation>
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
        <translation>Guardar las fichas de jaula como PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Archivos PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Kennel cards</source>
        <extracomment>Emitted with the path once a PDF is saved. Emitted once every page went to the printer. &quot;Name categories…&quot; was clicked (the window opens File › Categories…).</extracomment>
        <translation>Fichas de jaula</translation>
    </message>
    <message>
        <source>Page size</source>
        <translation>Tamaño de página</translation>
    </message>
    <message>
        <source>Print preview</source>
        <translation>Vista previa de impresión</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progreso</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Imprimir…</translation>
    </message>
    <message>
        <source>&amp;Save as PDF…</source>
        <translation>&amp;Guardar como PDF…</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Page si&amp;ze:</source>
        <translation>&amp;Tamaño de página:</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n ficha</numerusform>
            <numerusform>%n fichas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n página</numerusform>
            <numerusform>%n páginas</numerusform>
        </translation>
    </message>
    <message>
        <source>{cards} on {pages}.</source>
        <translation>{cards} en {pages}.</translation>
    </message>
    <message>
        <source>The preview shows the first {pages} pages.</source>
        <translation>La vista previa muestra las primeras {pages} páginas.</translation>
    </message>
    <message>
        <source>Categories without a name print as their number: {listed}. Name them in File › Categories… (Ctrl+Shift+G).</source>
        <translation>Las categorías sin nombre se imprimen con su número: {listed}. Póngales nombre en Archivo › Categorías… (Ctrl+Mayús+G).</translation>
    </message>
    <message>
        <source>Page {done} of {total}</source>
        <translation>Página {done} de {total}</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>Guardado en {path}.</translation>
    </message>
    <message>
        <source>The PDF could not be saved to {path}: {reason}.</source>
        <translation>No se pudo guardar el PDF en {path}: {reason}.</translation>
    </message>
    <message>
        <source>kennel-cards.pdf</source>
        <translation>fichas-de-jaula.pdf</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>Sent to the printer.</source>
        <translation>Enviado a la impresora.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
    <message>
        <source>&amp;Name categories…</source>
        <translation>&amp;Nombrar categorías…</translation>
    </message>
</context>
<context>
    <name>KeyStore</name>
    <message>
        <source>No system keyring is available, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>No hay ningún llavero del sistema disponible, así que PetDesk guarda su clave de API en memoria solo durante esta sesión.</translation>
    </message>
    <message>
        <source>Your keyring is locked, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>Su llavero está bloqueado, así que PetDesk guarda su clave de API en memoria solo durante esta sesión.</translation>
    </message>
    <message>
        <source>The system keyring is not responding, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>El llavero del sistema no responde, así que PetDesk guarda su clave de API en memoria solo durante esta sesión.</translation>
    </message>
    <message>
        <source>PetDesk was denied access to the system keyring, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>Se denegó a PetDesk el acceso al llavero del sistema, así que PetDesk guarda su clave de API en memoria solo durante esta sesión.</translation>
    </message>
    <message>
        <source>The system keyring could not be opened, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>No se pudo abrir el llavero del sistema, así que PetDesk guarda su clave de API en memoria solo durante esta sesión.</translation>
    </message>
    <message>
        <source>The system keyring refused to save your API key, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>El llavero del sistema se negó a guardar su clave de API, así que PetDesk la guarda en memoria solo durante esta sesión.</translation>
    </message>
    <message>
        <source>The system keyring reported an error, so PetDesk keeps your API key in memory for this session only.</source>
        <translation>El llavero del sistema informó de un error, así que PetDesk guarda su clave de API en memoria solo durante esta sesión.</translation>
    </message>
    <message>
        <source>{variable} is set, so PetDesk uses that key instead of the saved one.</source>
        <translation>{variable} está definida, así que PetDesk usa esa clave en lugar de la guardada.</translation>
    </message>
    <message>
        <source>{problem} {note}</source>
        <extracomment>Two of these sentences in a row: a keyring problem, then the PETDESK_API_KEY note.</extracomment>
        <translation>{problem} {note}</translation>
    </message>
    <message>
        <source>the API key is empty</source>
        <translation>la clave de API está vacía</translation>
    </message>
    <message>
        <source>the API key contains a line break or another control character</source>
        <translation>la clave de API contiene un salto de línea u otro carácter de control</translation>
    </message>
</context>
<context>
    <name>ListPresenter</name>
    <message>
        <source>Nothing loaded yet. Press F5 to load the pets.</source>
        <extracomment>Called after a page is shown and the detail panel follows it. The list controller, once the window&apos;s controllers exist (:meth:`start`). Per environment: the pets added there this session, and its last refresh. The status filter changed since the last page: a shown pet it hides goes.</extracomment>
        <translation>Todavía no se ha cargado nada. Pulse F5 para cargar los animales.</translation>
    </message>
    <message>
        <source>Loading pets…</source>
        <translation>Cargando animales…</translation>
    </message>
    <message>
        <source>Could not load the pets.
{error}
Press F5 to try again.</source>
        <translation>No se pudieron cargar los animales.
{error}
Pulse F5 para volver a intentarlo.</translation>
    </message>
    <message>
        <source>No pets shown: {error}
Use File › API key… to enter a key.</source>
        <translation>No se muestran animales: {error}
Use Archivo › Clave de API… para escribir una clave.</translation>
    </message>
    <message>
        <source>No loaded pet&apos;s name contains “{text}”.</source>
        <translation>Ningún animal cargado tiene «{text}» en el nombre.</translation>
    </message>
    <message>
        <source>No pets with the status “{status}”.</source>
        <translation>Ningún animal con el estado «{status}».</translation>
    </message>
    <message>
        <source>Loaded {count} pets.</source>
        <translation>{count} animales cargados.</translation>
    </message>
    <message>
        <source>Hidden from the list by the {status_filter} filter.</source>
        <translation>Oculto en la lista por el filtro {status_filter}.</translation>
    </message>
    <message>
        <source>Hidden from the list by the name filter “{text}”.</source>
        <translation>Oculto en la lista por el filtro de nombre «{text}».</translation>
    </message>
    <message>
        <source>Found pet {id} ({name}).</source>
        <translation>Se encontró el animal {id} ({name}).</translation>
    </message>
    <message>
        <source>Added {name} (ID {id}).</source>
        <translation>Se añadió a {name} (ID {id}).</translation>
    </message>
    <message>
        <source>Pet {pet_id} is no longer kept in the list: the next refresh shows it only if it belongs there.</source>
        <translation>El animal {pet_id} ya no se mantiene en la lista: la próxima actualización solo lo muestra si le corresponde.</translation>
    </message>
    <message>
        <source>Every loaded pet has a status.</source>
        <translation>Todos los animales cargados tienen estado.</translation>
    </message>
    <message>
        <source>No pets yet. Add one with Ctrl+N.</source>
        <translation>Todavía no hay animales. Añada uno con Ctrl+N.</translation>
    </message>
    <message>
        <source>Not among the pets loaded in the list.</source>
        <translation>No está entre los animales cargados en la lista.</translation>
    </message>
</context>
<context>
    <name>LookupController</name>
    <message>
        <source>No pet with ID {typed}</source>
        <extracomment>Called on the worker thread with each id looked up and the pet found, or ``None`` when the service has no such pet (the window keeps the pet in the local store, for a look-up while offline, or forgets it); must not raise. The pet was found: the :class:`~petdesk.api.PetLookup`. No pet with this ID: the ID and the message to show. Any other failure (for the status bar). The same, with the ID asked for (a stored copy may answer it). The text typed is not a pet ID: a title for the detail panel and the message. See :data:`KeepPet`.</extracomment>
        <translation>Ningún animal con el ID {typed}</translation>
    </message>
    <message>
        <source>This number is too large to be a pet ID: IDs go up to {limit}.</source>
        <translation>Este número es demasiado grande para ser el ID de un animal: los ID llegan hasta {limit}.</translation>
    </message>
    <message>
        <source>“{typed}” is not a pet ID</source>
        <translation>«{typed}» no es el ID de un animal</translation>
    </message>
    <message>
        <source>Enter a pet ID: a whole number from 1 up.</source>
        <translation>Escriba el ID de un animal: un número entero a partir de 1.</translation>
    </message>
    <message>
        <source>Looking up pet {pet_id}…</source>
        <translation>Buscando el animal {pet_id}…</translation>
    </message>
    <message>
        <source>No pet with ID {pet_id} was found.</source>
        <translation>No se encontró ningún animal con el ID {pet_id}.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Stopped.</source>
        <translation>Detenido.</translation>
    </message>
    <message>
        <source>A page already shown came again: stopped loading more</source>
        <extracomment>The list the filter bar asks for now.</extracomment>
        <translation>Volvió una página ya mostrada: no se cargan más</translation>
    </message>
    <message>
        <source>The list is up to date (loaded moments ago).</source>
        <translation>La lista está al día (cargada hace un momento).</translation>
    </message>
    <message>
        <source>Added from the outbox: {name} (ID {id}).</source>
        <translation>Añadido desde la bandeja de salida: {name} (ID {id}).</translation>
    </message>
    <message>
        <source>Pet {id} ({name}):</source>
        <translation>Animal {id} ({name}):</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <extracomment>In menu order. ``menu`` is the menu&apos;s object name.</extracomment>
        <translation>C&amp;onfiguración…</translation>
    </message>
    <message>
        <source>&amp;Categories…</source>
        <translation>&amp;Categorías…</translation>
    </message>
    <message>
        <source>API &amp;key…</source>
        <translation>&amp;Clave de API…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Actuali&amp;zar</translation>
    </message>
    <message>
        <source>Load &amp;more</source>
        <translation>Cargar &amp;más</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Detener</translation>
    </message>
    <message>
        <source>&amp;Quick filter</source>
        <translation>&amp;Filtro rápido</translation>
    </message>
    <message>
        <source>&amp;Newest first…</source>
        <translation>Los más &amp;nuevos primero…</translation>
    </message>
    <message>
        <source>&amp;Update catalogue now</source>
        <translation>Act&amp;ualizar el catálogo ahora</translation>
    </message>
    <message>
        <source>&amp;Activity log…</source>
        <translation>&amp;Registro de actividad…</translation>
    </message>
    <message>
        <source>&amp;Production</source>
        <translation>&amp;Producción</translation>
    </message>
    <message>
        <source>S&amp;taging</source>
        <translation>Entorno de &amp;pruebas</translation>
    </message>
    <message>
        <source>&amp;Add pet…</source>
        <translation>&amp;Añadir animal…</translation>
    </message>
    <message>
        <source>&amp;Look up by ID</source>
        <translation>&amp;Buscar por ID</translation>
    </message>
    <message>
        <source>Find in &amp;catalogue…</source>
        <translation>Buscar en el &amp;catálogo…</translation>
    </message>
    <message>
        <source>Re&amp;fresh this pet</source>
        <translation>Actuali&amp;zar este animal</translation>
    </message>
    <message>
        <source>Copy I&amp;D</source>
        <translation>C&amp;opiar ID</translation>
    </message>
    <message>
        <source>Copy as &amp;JSON</source>
        <translation>Copiar como &amp;JSON</translation>
    </message>
    <message>
        <source>&amp;Print kennel cards…</source>
        <translation>Imprimir &amp;fichas de jaula…</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importar…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportar…</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>A&amp;tajos de teclado…</translation>
    </message>
    <message>
        <source>&amp;About PetDesk</source>
        <translation>&amp;Acerca de PetDesk</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Pets</source>
        <translation>A&amp;nimales</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
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
        <translation>1 animal</translation>
    </message>
    <message>
        <source>{count:,} pets</source>
        <translation>{count:,} animales</translation>
    </message>
    <message>
        <source>{count:,}</source>
        <translation>{count:,}</translation>
    </message>
    <message>
        <source>less than a minute</source>
        <translation>menos de un minuto</translation>
    </message>
    <message>
        <source>{minutes} min</source>
        <translation>{minutes} min</translation>
    </message>
    <message>
        <source>{hours} h {minutes} min</source>
        <translation>{hours} h {minutes} min</translation>
    </message>
    <message>
        <source>{hours} h</source>
        <translation>{hours} h</translation>
    </message>
    <message>
        <source>{days} days</source>
        <translation>{days} días</translation>
    </message>
    <message>
        <source>Catalogue: {pets} · complete as of {time}</source>
        <translation>Catálogo: {pets} · completo a las {time}</translation>
    </message>
    <message>
        <source>Catalogue: filling, {count:,} of about {total}</source>
        <translation>Catálogo: llenándose, {count:,} de unos {total}</translation>
    </message>
    <message>
        <source>Catalogue: filling, {pets} so far</source>
        <translation>Catálogo: llenándose, {pets} hasta ahora</translation>
    </message>
    <message>
        <source>updating…</source>
        <translation>actualizando…</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>en pausa</translation>
    </message>
    <message>
        <source>paused while the service asks PetDesk to wait, until {time}</source>
        <translation>en pausa mientras el servicio pide a PetDesk que espere, hasta las {time}</translation>
    </message>
    <message>
        <source>stopped for today to keep requests for your own work; continues at {time}</source>
        <translation>detenido por hoy para reservar solicitudes para su trabajo; continúa a las {time}</translation>
    </message>
    <message>
        <source>waiting for the connection</source>
        <translation>esperando la conexión</translation>
    </message>
    <message>
        <source>could not update, trying again at {time}</source>
        <translation>no se pudo actualizar, nuevo intento a las {time}</translation>
    </message>
    <message>
        <source>Catalogue: off (File › Settings…)</source>
        <extracomment>The status bar&apos;s catalogue line when the catalogue is not kept (and none is reported).</extracomment>
        <translation>Catálogo: desactivado (Archivo › Configuración…)</translation>
    </message>
    <message>
        <source>Catalogue: waits for the shared store</source>
        <extracomment>The catalogue line&apos;s short form while the shared store, where it is filled, is down.</extracomment>
        <translation>Catálogo: espera al almacén compartido</translation>
    </message>
    <message>
        <source>Catalogue: {pets}</source>
        <translation>Catálogo: {pets}</translation>
    </message>
    <message>
        <source>Catalogue: not kept up to date ({pets} stored)</source>
        <translation>Catálogo: no se mantiene al día ({pets} guardados)</translation>
    </message>
    <message>
        <source>Catalogue: waits for the shared store, where it is kept for every desk ({pets} on this computer)</source>
        <translation>Catálogo: espera al almacén compartido, donde se mantiene para todos los puestos ({pets} en este equipo)</translation>
    </message>
    <message>
        <source>Catalogue: starting to download…</source>
        <translation>Catálogo: empezando la descarga…</translation>
    </message>
    <message>
        <source>next update now</source>
        <translation>próxima actualización ahora</translation>
    </message>
    <message>
        <source>next update in {duration}</source>
        <translation>próxima actualización en {duration}</translation>
    </message>
    <message>
        <source>{head} · {tail}</source>
        <translation>{head} · {tail}</translation>
    </message>
    <message>
        <source>searched {pets} on this computer; the catalogue waits for the shared store</source>
        <translation>se buscó en {pets} de este equipo; el catálogo espera al almacén compartido</translation>
    </message>
    <message>
        <source>catalogue complete as of {time}</source>
        <translation>catálogo completo a las {time}</translation>
    </message>
    <message>
        <source>searched {count:,} of about {total} pets; the catalogue is still filling</source>
        <translation>se buscó en {count:,} de unos {total} animales; el catálogo aún se está llenando</translation>
    </message>
    <message>
        <source>searched {pets}; the catalogue is still filling</source>
        <translation>se buscó en {pets}; el catálogo aún se está llenando</translation>
    </message>
    <message>
        <source>{pets} · {fresh}</source>
        <translation>{pets} · {fresh}</translation>
    </message>
    <message>
        <source>No pet&apos;s name contains “{text}” · {fresh}</source>
        <translation>Ningún animal tiene «{text}» en el nombre · {fresh}</translation>
    </message>
    <message>
        <source>{pets} whose name contains “{text}” · {fresh}</source>
        <translation>{pets} con «{text}» en el nombre · {fresh}</translation>
    </message>
    <message>
        <source>New pets every {update}; every page again every {full}; at most {allowance:,} requests a day ({share:.0%} of {quota:,})</source>
        <translation>Animales nuevos cada {update}; todas las páginas de nuevo cada {full}; como máximo {allowance:,} solicitudes al día ({share:.0%} de {quota:,})</translation>
    </message>
    <message>
        <source>Catalogue used {used:,} of its {allowance:,} requests today ({total:,} in all)</source>
        <translation>El catálogo usó hoy {used:,} de sus {allowance:,} solicitudes ({total:,} en total)</translation>
    </message>
    <message>
        <source>{pets} on this computer, waiting for the shared store</source>
        <translation>{pets} en este equipo, a la espera del almacén compartido</translation>
    </message>
    <message>
        <source>as of {time}</source>
        <translation>a las {time}</translation>
    </message>
    <message>
        <source>still filling, {pets} so far</source>
        <translation>aún llenándose, {pets} por ahora</translation>
    </message>
    <message>
        <source>No pet named like “{text}” in the catalogue ({fresh})</source>
        <translation>Ningún animal con «{text}» en el nombre en el catálogo ({fresh})</translation>
    </message>
    <message>
        <source>1 pet named like “{text}” in the catalogue ({fresh}) — Enter shows it</source>
        <translation>1 animal con «{text}» en el nombre en el catálogo ({fresh}): pulse Intro para verlo</translation>
    </message>
    <message>
        <source>{count:,} pets named like “{text}” in the catalogue ({fresh}) — Enter shows them</source>
        <translation>{count:,} animales con «{text}» en el nombre en el catálogo ({fresh}): pulse Intro para verlos</translation>
    </message>
</context>
<context>
    <name>OutboxController</name>
    <message>
        <source>The service refused “{name}”: {reason}</source>
        <extracomment>The outbox changed: an :class:`~petdesk.services.outbox.service.OutboxView`. An add left the outbox, created: the :class:`~petdesk.api.Pet` (for the table). One sentence for the status bar. A step recorded a created pet (a 201, or a lost answer found created): any add, the user&apos;s or an import&apos;s. The store put it in the catalogue.</extracomment>
        <translation>El servicio rechazó «{name}»: {reason}</translation>
    </message>
    <message>
        <source>The add could not be changed: it is being sent now. ({error})</source>
        <translation>No se pudo cambiar: se está enviando ahora. ({error})</translation>
    </message>
</context>
<context>
    <name>OutboxRows</name>
    <message>
        <source>&amp;Edit waiting add…</source>
        <extracomment>The add the user just made, whose row is to be selected once it is shown.</extracomment>
        <translation>&amp;Editar el animal en espera…</translation>
    </message>
    <message>
        <source>&amp;Cancel this add</source>
        <translation>&amp;Cancelar este animal</translation>
    </message>
    <message>
        <source>It was added: it is ID {pet_id}</source>
        <translation>Se añadió: es el ID {pet_id}</translation>
    </message>
    <message>
        <source>None of these: send it again</source>
        <translation>Ninguno de estos: enviarlo de nuevo</translation>
    </message>
    <message>
        <source>Change a waiting add</source>
        <translation>Cambiar un animal en espera</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <source>Cancel this add?</source>
        <translation>¿Cancelar este animal?</translation>
    </message>
    <message>
        <source>“{name}” has not been sent yet. Cancel it? It will not be added.</source>
        <translation>«{name}» aún no se ha enviado. ¿Cancelarlo? No se añadirá.</translation>
    </message>
</context>
<context>
    <name>PagePainter</name>
    <message>
        <source>The pages could not be opened for printing.</source>
        <extracomment>The preview shows at most this many pages (printing and saving do them all). The PDF&apos;s resolution (dots per inch).</extracomment>
        <translation>No se pudieron abrir las páginas para imprimir.</translation>
    </message>
    <message>
        <source>The printer did not accept a new page.</source>
        <translation>La impresora no aceptó una página nueva.</translation>
    </message>
</context>
<context>
    <name>PagingWording</name>
    <message>
        <source>The service offered a page that was already shown, so PetDesk stopped loading more. All pets received are listed.</source>
        <translation>El servicio ofreció una página que ya se había mostrado, así que PetDesk dejó de cargar más. Se muestran todas las mascotas recibidas.</translation>
    </message>
</context>
<context>
    <name>PetDetail</name>
    <message>
        <source>Pet details</source>
        <extracomment>Spec section 4.3 (the same date as petdesk.api.DOCUMENTED_SUNSET, which is not imported here so that the window can show before httpx and pydantic load). Characters of a name in the panel&apos;s title (the Name row shows DISPLAY_LIMIT). Characters of a name &quot;Show full name&quot; shows at most (with markers; a name from a hostile server can be megabytes long, and laying out all of it takes seconds). &quot;Dismiss&quot; on a pet added this session: it need not stay in the list. A copy action put the shown pet on the clipboard: the confirmation to show.</extracomment>
        <translation>Datos del animal</translation>
    </message>
    <message>
        <source>No pet selected</source>
        <extracomment>The category&apos;s text for an id (&quot;Dogs (1)&quot;): set_category_label().</extracomment>
        <translation>Ningún animal seleccionado</translation>
    </message>
    <message>
        <source>This name contains hidden or direction-changing characters, shown as ⟦U+…⟧ markers: it is not what it may look like elsewhere.</source>
        <translation>Este nombre contiene caracteres ocultos o que cambian la dirección, mostrados como marcas ⟦U+…⟧: no es lo que puede parecer en otros sitios.</translation>
    </message>
    <message>
        <source>Show full &amp;name</source>
        <translation>Mostrar el &amp;nombre completo</translation>
    </message>
    <message>
        <source>Full name</source>
        <translation>Nombre completo</translation>
    </message>
    <message>
        <source>Status icon</source>
        <translation>Icono de estado</translation>
    </message>
    <message>
        <source>ID:</source>
        <extracomment>(status, palette) the status row shows, and the icons drawn so far.</extracomment>
        <translation>ID:</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nombre:</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>Categoría:</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Estado:</translation>
    </message>
    <message>
        <source>&amp;Refresh this pet</source>
        <translation>Actuali&amp;zar este animal</translation>
    </message>
    <message>
        <source>Added this session: it stays in the list until you dismiss it.</source>
        <extracomment>About the shown pet and the list: &quot;Not in the list: hidden by …&quot;.</extracomment>
        <translation>Añadido en esta sesión: sigue en la lista hasta que lo quite.</translation>
    </message>
    <message>
        <source>&amp;Dismiss from the list</source>
        <translation>&amp;Quitar de la lista</translation>
    </message>
    <message>
        <source>Let the next refresh show the list without this pet unless it belongs there</source>
        <translation>La próxima actualización muestra la lista sin este animal, salvo que le corresponda</translation>
    </message>
    <message>
        <source>Status: {status}</source>
        <translation>Estado: {status}</translation>
    </message>
    <message>
        <source>No pet with ID {pet_id}</source>
        <translation>Ningún animal con el ID {pet_id}</translation>
    </message>
    <message>
        <source>Copied ID {id}.</source>
        <translation>Se copió el ID {id}.</translation>
    </message>
    <message>
        <source>Copied {name} as JSON.</source>
        <translation>Se copió {name} como JSON.</translation>
    </message>
    <message>
        <source>Hide full &amp;name</source>
        <translation>Ocultar el &amp;nombre completo</translation>
    </message>
    <message>
        <source>(The name has {length} characters; the first {shown} are shown.)</source>
        <translation>(El nombre tiene {length} caracteres; se muestran los primeros {shown}.)</translation>
    </message>
    <message>
        <source>Looking up a pet by its ID will stop working on {when}.</source>
        <translation>La búsqueda de un animal por su ID dejará de funcionar el {when}.</translation>
    </message>
    <message>
        <source>(Announced by the Pet Store service.)</source>
        <translation>(Anunciado por el servicio Pet Store.)</translation>
    </message>
    <message>
        <source>Look this pet up again for its latest details</source>
        <translation>Volver a consultar este animal para ver sus datos más recientes</translation>
    </message>
    <message>
        <source>Copy &amp;ID</source>
        <translation>Copiar &amp;ID</translation>
    </message>
    <message>
        <source>Copy as &amp;JSON</source>
        <translation>Copiar como &amp;JSON</translation>
    </message>
    <message>
        <source>Looking up a pet by its ID will stop working on a date not yet announced.</source>
        <translation>La búsqueda de un animal por su ID dejará de funcionar en una fecha aún no anunciada.</translation>
    </message>
</context>
<context>
    <name>PetListController</name>
    <message>
        <source>Loading pets…</source>
        <extracomment>A list loaded this recently (same query) is not asked for again by Refresh. Called on the worker thread, as a background job after each first page is shown (the window keeps it in the local store for the next start; closing the window runs it still, see :meth:`~petdesk.gui.worker.worker.Worker.shutdown`); must not raise. The state, the count or &quot;more available&quot; changed. A page was shown (first page or more). A failure to show in the status bar: the exception and a prefix. Stopped by the user. Refresh of a list that was just loaded: nothing was sent. Paging ended on a next link already visited: the plain sentence to show. (query, clock.monotonic()) of the last first page shown. Ids shown by a look-up or an add, not (yet) by a page of the list. See :data:`KeepPage`. Rows of the table that are not pets (adds waiting in the outbox): not counted. Pets added in this session in this environment, kept in the list through refreshes until dismissed (the window swaps it on an environment switch).</extracomment>
        <translation>Cargando animales…</translation>
    </message>
    <message>
        <source>Loading more pets…</source>
        <translation>Cargando más animales…</translation>
    </message>
    <message>
        <source>Could not load the pets: </source>
        <translation>No se pudieron cargar los animales: </translation>
    </message>
    <message numerus="yes">
        <source>%n pets loaded</source>
        <translation>
            <numerusform>%n animal cargado</numerusform>
            <numerusform>%n animales cargados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shown by the filter</source>
        <translation>
            <numerusform>%n mostrado por el filtro</numerusform>
            <numerusform>%n mostrados por el filtro</numerusform>
        </translation>
    </message>
    <message>
        <source>more available</source>
        <translation>hay más</translation>
    </message>
</context>
<context>
    <name>PetRules</name>
    <message>
        <source>must not be blank</source>
        <extracomment>A positive int64 identifier (``id``, ``categoryId``, ``petId``).</extracomment>
        <translation>no puede estar vacío</translation>
    </message>
    <message>
        <source>must be at most {max} characters</source>
        <translation>debe tener como máximo {max} caracteres</translation>
    </message>
    <message>
        <source>must not contain control characters (found U+{code})</source>
        <translation>no puede contener caracteres de control (encontrado U+{code})</translation>
    </message>
    <message>
        <source>must not contain invisible formatting characters such as direction overrides or zero-width spaces (found U+{code})</source>
        <translation>no puede contener caracteres de formato invisibles, como cambios de dirección o espacios de ancho cero (encontrado U+{code})</translation>
    </message>
</context>
<context>
    <name>PetStatusBar</name>
    <message>
        <source>Status bar</source>
        <extracomment>Characters of the details shown on the Details box&apos;s label (all of them are in its scrollable &quot;Show Details...&quot; part). &quot;ConnectError: &quot; at the start of an exception&apos;s text in Details. Characters of one message (a server&apos;s sentence may be very long). Milliseconds between two looks at the clock for the quota&apos;s reset time. The demo: Details never name an address (nothing leaves the computer).</extracomment>
        <translation>Barra de estado</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>Trabajando</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>Detalles…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Stop the running and waiting requests (Esc)</source>
        <translation>Detener las solicitudes en curso y en espera (Esc)</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Actividad</translation>
    </message>
    <message>
        <source>Every message of the status bar in full, with the technical details</source>
        <translation>Todos los mensajes de la barra de estado completos, con los detalles técnicos</translation>
    </message>
    <message>
        <source>{count} more…</source>
        <translation>{count} más…</translation>
    </message>
    <message>
        <source>Every message in full, with the technical details</source>
        <translation>Todos los mensajes completos, con los detalles técnicos</translation>
    </message>
    <message>
        <source>Something unexpected went wrong.</source>
        <translation>Algo inesperado ha fallado.</translation>
    </message>
    <message>
        <source>No API key</source>
        <translation>Sin clave de API</translation>
    </message>
    <message>
        <source>API key refused</source>
        <translation>Clave de API rechazada</translation>
    </message>
    <message>
        <source>No further details.</source>
        <translation>No hay más detalles.</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>Quota: a new window began at {reset}; the next answer tells how many requests are left</source>
        <translation>Cuota: a las {reset} empezó un nuevo intervalo; la próxima respuesta dirá cuántas solicitudes quedan</translation>
    </message>
    <message>
        <source>Quota: {whole}</source>
        <translation>Cuota: {whole}</translation>
    </message>
    <message>
        <source>Quota: {figures}</source>
        <translation>Cuota: {figures}</translation>
    </message>
    <message>
        <source>Last refresh {when}</source>
        <translation>Actualizado {when}</translation>
    </message>
    <message>
        <source>{queued_note} — queued</source>
        <translation>{queued_note} — en cola</translation>
    </message>
    <message>
        <source>{reason} — your request is queued and goes out in {left} s</source>
        <translation>{reason} — su solicitud está en cola y sale en {left} s</translation>
    </message>
    <message>
        <source>{reason} — retrying in {left} s (attempt {attempt} of {max_attempts})</source>
        <translation>{reason} — nuevo intento en {left} s (intento {attempt} de {max_attempts})</translation>
    </message>
    <message>
        <source> · queued: {queued_note}</source>
        <translation> · en cola: {queued_note}</translation>
    </message>
    <message>
        <source>{reason} — {left} s</source>
        <translation>{reason} — {left} s</translation>
    </message>
    <message>
        <source>Quota: new window</source>
        <translation>Cuota: nuevo intervalo</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Detenido.</translation>
    </message>
    <message>
        <source>Rate limited</source>
        <translation>Solicitudes limitadas</translation>
    </message>
    <message>
        <source>Service busy</source>
        <translation>Servicio ocupado</translation>
    </message>
    <message>
        <source>Service unreachable</source>
        <translation>Servicio inaccesible</translation>
    </message>
    <message>
        <source>No answer in time</source>
        <translation>Sin respuesta a tiempo</translation>
    </message>
</context>
<context>
    <name>PetStoreError</name>
    <message>
        <source>The service address is not a valid address.</source>
        <extracomment>Anything in a next link&apos;s path that URL parsing would change or that could move it out of the service: dot segments, escapes, backslashes, &quot;@&quot;, whitespace.</extracomment>
        <translation>La dirección del servicio no es válida.</translation>
    </message>
    <message>
        <source>No API key is set.</source>
        <translation>No hay ninguna clave de API.</translation>
    </message>
    <message>
        <source>A pet ID is a whole number from 1 to 9223372036854775807.</source>
        <translation>El ID de un animal es un número entero de 1 a 9223372036854775807.</translation>
    </message>
    <message>
        <source>The timeout must be between 0 and 600 seconds.</source>
        <translation>El tiempo de espera debe estar entre 0 y 600 segundos.</translation>
    </message>
    <message>
        <source>That page address does not belong to this service.</source>
        <extracomment>``GET /pets`` URLs by (limit, status): building one costs more than the rest of the request&apos;s own bookkeeping (figure 7 of the benchmarks). A next link that starts with this (and has nothing to normalise) is ours.</extracomment>
        <translation>Esa dirección de página no pertenece a este servicio.</translation>
    </message>
    <message>
        <source>The service redirected too many times.</source>
        <extracomment>The key&apos;s quota shared with the other desks of a store (``None``: this client paces itself from its own answers alone). The quota of a server that sends no X-RateLimit headers, learnt from 429s. The same, on the service&apos;s clock, as it is shared with the other desks. The shared record could not be used the last time (said once, not per request).</extracomment>
        <translation>El servicio redirigió demasiadas veces.</translation>
    </message>
    <message>
        <source>Could not connect to the Pet Store service in time.</source>
        <translation>No se pudo conectar a tiempo con el servicio Pet Store.</translation>
    </message>
    <message>
        <source>The connection to the Pet Store service was interrupted.</source>
        <extracomment>Something that looks like a markup tag or entity (``&lt;a href``, ``&lt;/b&gt;``, ``&amp;lt;``). The name lookup&apos;s answers that mean &quot;no such name&quot; (the name server answered), as opposed to &quot;could not ask&quot; (``EAI_AGAIN``: no network, no name server).</extracomment>
        <translation>Se interrumpió la conexión con el servicio Pet Store.</translation>
    </message>
    <message>
        <source>This API key is not allowed to do that.</source>
        <translation>Esta clave de API no tiene permiso para eso.</translation>
    </message>
    <message>
        <source>Something went wrong while talking to the Pet Store service.</source>
        <extracomment>The sentence shown to the user.</extracomment>
        <translation>Algo falló al comunicarse con el servicio Pet Store.</translation>
    </message>
    <message>
        <source>The Pet Store service did not accept the values sent.</source>
        <translation>El servicio Pet Store no aceptó los valores enviados.</translation>
    </message>
    <message>
        <source>The API key was not accepted. Open File › API key… to check it.</source>
        <extracomment>The wire name of the field the server complained about, when it can be told.</extracomment>
        <translation>La clave de API no fue aceptada. Ábrala en Archivo › Clave de API… para comprobarla.</translation>
    </message>
    <message>
        <source>No API key is set for this environment. Enter one to continue.</source>
        <translation>No hay clave de API para este entorno. Escriba una para continuar.</translation>
    </message>
    <message>
        <source>No pet with that ID was found.</source>
        <translation>No se encontró ningún animal con ese ID.</translation>
    </message>
    <message>
        <source>The Pet Store service is limiting requests right now.</source>
        <translation>El servicio Pet Store está limitando las solicitudes ahora mismo.</translation>
    </message>
    <message>
        <source>The Pet Store service had a problem. Please try again in a moment.</source>
        <translation>El servicio Pet Store tuvo un problema. Vuelva a intentarlo en un momento.</translation>
    </message>
    <message>
        <source>Could not reach the Pet Store service. Check the network connection.</source>
        <translation>No se pudo contactar con el servicio Pet Store. Compruebe la conexión de red.</translation>
    </message>
    <message>
        <source>The service address does not exist: no computer on the network has that name. Check the address in File › API key….</source>
        <translation>La dirección del servicio no existe: ningún ordenador de la red tiene ese nombre. Compruebe la dirección en Archivo › Clave de API….</translation>
    </message>
    <message>
        <source>The Pet Store service took too long to answer.</source>
        <translation>El servicio Pet Store tardó demasiado en responder.</translation>
    </message>
    <message>
        <source>The Pet Store service sent an answer PetDesk could not understand.</source>
        <translation>El servicio Pet Store envió una respuesta que PetDesk no entiende.</translation>
    </message>
    <message>
        <source>The pet may or may not have been added: the service did not confirm it. Refresh the list and check before adding it again.</source>
        <translation>Puede que el animal se haya añadido o no: el servicio no lo confirmó. Actualice la lista y compruébelo antes de volver a añadirlo.</translation>
    </message>
    <message>
        <source>The request was stopped.</source>
        <translation>La solicitud se detuvo.</translation>
    </message>
    <message>
        <source>PetDesk is not set up correctly for this service.</source>
        <translation>PetDesk no está bien configurado para este servicio.</translation>
    </message>
    <message>
        <source>That value cannot be sent to the Pet Store service.</source>
        <translation>Ese valor no se puede enviar al servicio Pet Store.</translation>
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
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Added this session</source>
        <translation>Añadido en esta sesión</translation>
    </message>
    <message>
        <source>{text}: not on the service yet (to be added as {status})</source>
        <translation>{text}: aún no está en el servicio (se añadirá como «{status}»)</translation>
    </message>
    <message>
        <source>Status: {status}</source>
        <translation>Estado: {status}</translation>
    </message>
    <message>
        <source>Category ID {category_id}</source>
        <translation>ID de categoría {category_id}</translation>
    </message>
    <message>
        <source>Long name ({length} characters): select the pet to see all of it.</source>
        <translation>Nombre largo ({length} caracteres): seleccione el animal para verlo entero.</translation>
    </message>
    <message>
        <source>Hidden or direction-changing characters are shown as ⟦U+…⟧ markers.</source>
        <translation>Los caracteres ocultos o que cambian la dirección se muestran como marcas ⟦U+…⟧.</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>Disponible</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Reservado</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Adoptado</translation>
    </message>
    <message>
        <source>No status</source>
        <translation>Sin estado</translation>
    </message>
</context>
<context>
    <name>PetTablePanel</name>
    <message>
        <source>Pet list</source>
        <extracomment>The least the Name column is narrowed to while its names need more.</extracomment>
        <translation>Lista de animales</translation>
    </message>
    <message>
        <source>Pets</source>
        <translation>Animales</translation>
    </message>
    <message>
        <source>One pet a row: ID, name, category and status. Ctrl+P prints the selected pets&apos; kennel cards.</source>
        <translation>Un animal por fila: ID, nombre, categoría y estado. Ctrl+P imprime las fichas de jaula de los animales seleccionados.</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>Cargar más</translation>
    </message>
    <message>
        <source>Load more pets</source>
        <translation>Cargar más animales</translation>
    </message>
</context>
<context>
    <name>PreviewModel</name>
    <message>
        <source>Row</source>
        <extracomment>The preview&apos;s columns.</extracomment>
        <translation>Fila</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Category ID</source>
        <translation>ID de categoría</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Comprobación</translation>
    </message>
    <message>
        <source>Add anyway</source>
        <translation>Añadir igualmente</translation>
    </message>
    <message>
        <source>Added by an earlier import (ID {added_as})</source>
        <extracomment>The invalid rows listed under the table (all are in the table and the report). Category words named in the line above the buttons (all are in the words dialog). Ids of rows added by an earlier import named above the buttons (all are in the table).</extracomment>
        <translation>Añadida en una importación anterior (ID {added_as})</translation>
    </message>
    <message>
        <source>Possible duplicate: {pet}</source>
        <translation>Posible duplicado: {pet}</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
</context>
<context>
    <name>PreviewPage</name>
    <message>
        <source>Nothing to send</source>
        <translation>Nada que enviar</translation>
    </message>
    <message>
        <source>Rows of the file</source>
        <translation>Filas del archivo</translation>
    </message>
    <message>
        <source>Name the category words…</source>
        <translation>Nombrar las palabras de categoría…</translation>
    </message>
    <message>
        <source>Add all duplicates anyway</source>
        <translation>Añadir todos los duplicados igualmente</translation>
    </message>
    <message>
        <source>Skip all duplicates</source>
        <translation>Omitir todos los duplicados</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Back to columns</source>
        <translation>Volver a las columnas</translation>
    </message>
    <message>
        <source>… and {issues} more (all are in the table and the report).</source>
        <translation>… y {issues} más (todas están en la tabla y en el informe).</translation>
    </message>
    <message>
        <source>{duplicates} rows look like pets already known or rows above them: tick “Add anyway” for each one to send, or decide for all of them.</source>
        <translation>{duplicates} filas parecen animales ya conocidos o filas anteriores: marque «Añadir igualmente» en cada una que quiera enviar, o decida para todas.</translation>
    </message>
    <message>
        <source> and {more} more</source>
        <translation> y {more} más</translation>
    </message>
    <message>
        <source>1 row gives its category as a word, not a number: {words}.</source>
        <translation>1 fila indica su categoría con una palabra, no con un número: {words}.</translation>
    </message>
    <message>
        <source>{rows} rows give their category as a word, not a number: {words}.</source>
        <translation>{rows} filas indican su categoría con una palabra, no con un número: {words}.</translation>
    </message>
    <message>
        <source>Send {to_send} pets</source>
        <translation>Enviar {to_send} animales</translation>
    </message>
    <message>
        <source>1 row was already added by an earlier import of this file (ID {ids}) — nothing to send.</source>
        <translation>1 fila ya se añadió en una importación anterior de este archivo (ID {ids}): nada que enviar.</translation>
    </message>
    <message>
        <source>1 row was already added by an earlier import of this file (ID {ids}): it is not sent again.</source>
        <translation>1 fila ya se añadió en una importación anterior de este archivo (ID {ids}): no se envía de nuevo.</translation>
    </message>
    <message>
        <source>{rows} rows were already added by an earlier import of this file (IDs {ids}) — nothing to send.</source>
        <translation>{rows} filas ya se añadieron en una importación anterior de este archivo (ID {ids}): nada que enviar.</translation>
    </message>
    <message>
        <source>{rows} rows were already added by an earlier import of this file (IDs {ids}): they are not sent again.</source>
        <translation>{rows} filas ya se añadieron en una importación anterior de este archivo (ID {ids}): no se envían de nuevo.</translation>
    </message>
    <message>
        <source>Left out (invalid):
</source>
        <translation>Omitidas (no válidas):
</translation>
    </message>
    <message>
        <source>1 row looks like a pet already known or a row above it: tick “Add anyway” to send it.</source>
        <translation>1 fila parece un animal ya conocido o una fila anterior: marque «Añadir igualmente» para enviarla.</translation>
    </message>
    <message>
        <source>Say which category each word means, and the rows are checked again.</source>
        <translation>Indique qué categoría significa cada palabra y las filas se comprobarán de nuevo.</translation>
    </message>
    <message>
        <source>Send 1 pet</source>
        <translation>Enviar 1 animal</translation>
    </message>
    <message>
        <source>Another import is being sent: wait for it to finish, or cancel it.</source>
        <translation>Se está enviando otra importación: espere a que termine o cancélela.</translation>
    </message>
</context>
<context>
    <name>QuitQuestion</name>
    <message>
        <source>1 add is waiting to be sent. PetDesk keeps it and sends it the next time it starts.</source>
        <translation>1 alta está pendiente de envío. PetDesk la guarda y la envía la próxima vez que se inicie.</translation>
    </message>
    <message>
        <source>{count} adds are waiting to be sent. PetDesk keeps them and sends them the next time it starts.</source>
        <translation>{count} altas están pendientes de envío. PetDesk las guarda y las envía la próxima vez que se inicie.</translation>
    </message>
    <message>
        <source>Quit PetDesk?</source>
        <translation>¿Salir de PetDesk?</translation>
    </message>
    <message>
        <source>Stay to let PetDesk go on trying to send now.</source>
        <translation>Quédese para que PetDesk siga intentando enviarlas ahora.</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Stay</source>
        <translation>&amp;Quedarse</translation>
    </message>
</context>
<context>
    <name>QuotaBudget</name>
    <message>
        <source>the service asked PetDesk to wait</source>
        <translation>el servicio pide a PetDesk que espere</translation>
    </message>
    <message>
        <source>the rest of this minute&apos;s requests are kept for you</source>
        <translation>el resto de las solicitudes de este minuto se reservan para usted</translation>
    </message>
</context>
<context>
    <name>RateLimit</name>
    <message>
        <source>{remaining}/{limit} left</source>
        <translation>quedan {remaining}/{limit}</translation>
    </message>
    <message>
        <source>{remaining} left</source>
        <extracomment>Larger counts than this are nonsense for a per-minute or per-day quota. A reset further than this from &quot;now&quot; (either way) is not believed. When the quota resets, converted to the local clock (UTC-aware). When the response was received (local clock, UTC-aware).</extracomment>
        <translation>quedan {remaining}</translation>
    </message>
    <message>
        <source>resets {time}</source>
        <translation>se renueva a las {time}</translation>
    </message>
</context>
<context>
    <name>SendingPage</name>
    <message>
        <source>You can close this dialog and go on working: PetDesk keeps sending, and finishes after a restart if it must.</source>
        <translation>Puede cerrar este cuadro de diálogo y seguir trabajando: PetDesk sigue enviando y termina tras un reinicio si hace falta.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <source>Cancel import</source>
        <translation>Cancelar la importación</translation>
    </message>
    <message>
        <source>Save report…</source>
        <translation>Guardar informe…</translation>
    </message>
    <message>
        <source>Import another file…</source>
        <translation>Importar otro archivo…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Sending an import</source>
        <translation>Enviando una importación</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <source>Done: {report}.</source>
        <translation>Hecho: {report}.</translation>
    </message>
</context>
<context>
    <name>ServiceAddress</name>
    <message>
        <source>The service address is not a valid address.</source>
        <translation>La dirección del servicio no es una dirección válida.</translation>
    </message>
    <message>
        <source>The service address must start with https://.</source>
        <translation>La dirección del servicio debe empezar por https://.</translation>
    </message>
    <message>
        <source>The service address must use https:// (plain http:// is only allowed for a server on this computer).</source>
        <translation>La dirección del servicio debe usar https:// (http:// sin cifrar solo se permite para un servidor en este ordenador).</translation>
    </message>
    <message>
        <source>The service address must not contain a user name, a query or a fragment.</source>
        <translation>La dirección del servicio no debe contener un nombre de usuario, una consulta ni un fragmento.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <extracomment>OK with a shared store password typed: to be kept in the keyring (never saved with the settings). Emitted before :attr:`accepted`.</extracomment>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Production address</source>
        <translation>Dirección de producción</translation>
    </message>
    <message>
        <source>Staging address</source>
        <translation>Dirección del entorno de pruebas</translation>
    </message>
    <message>
        <source>Request timeout in seconds</source>
        <translation>Tiempo de espera de las solicitudes en segundos</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Idioma del sistema</translation>
    </message>
    <message>
        <source>In use now: the demo&apos;s sample data on this computer. These addresses apply when PetDesk is started without --demo.</source>
        <translation>En uso ahora: los datos de ejemplo de la demo en este ordenador. Estas direcciones se aplican cuando PetDesk se inicia sin --demo.</translation>
    </message>
    <message>
        <source>In use now ({label}): {address}</source>
        <translation>En uso ahora ({label}): {address}</translation>
    </message>
    <message>
        <source>PetDesk was started with --base-url, which overrides the {in_use} address below until it is started without it.</source>
        <translation>PetDesk se inició con --base-url, que sustituye la dirección de {in_use} de abajo hasta que se inicie sin esa opción.</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Páginas de configuración</translation>
    </message>
    <message>
        <source>General settings</source>
        <translation>Configuración general</translation>
    </message>
    <message>
        <source>Shared store settings</source>
        <translation>Configuración del almacén compartido</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>Ajustes &amp;generales</translation>
    </message>
    <message>
        <source>Shared st&amp;ore</source>
        <translation>Almacén &amp;compartido</translation>
    </message>
    <message>
        <source>{label}: {problem}</source>
        <translation>{label}: {problem}</translation>
    </message>
    <message>
        <source>&amp;Production address:</source>
        <translation>Dirección de &amp;producción:</translation>
    </message>
    <message>
        <source>&amp;Staging address:</source>
        <translation>Dirección del &amp;entorno de pruebas:</translation>
    </message>
    <message>
        <source>Request &amp;timeout:</source>
        <translation>&amp;Tiempo de espera:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Idioma:</translation>
    </message>
    <message>
        <source>A new language applies the next time PetDesk starts.</source>
        <translation>El nuevo idioma se aplica la próxima vez que se inicie PetDesk.</translation>
    </message>
    <message>
        <source>The API key is not a setting: no system keyring works on this computer, so it is kept in memory for this session only (File › API key…).</source>
        <translation>La clave de API no es un ajuste: en este ordenador no funciona ningún llavero, así que se guarda en memoria solo durante esta sesión (Archivo › Clave de API…).</translation>
    </message>
    <message>
        <source>The API key is not a setting: it is kept in your system keyring (File › API key…).</source>
        <translation>La clave de API no es un ajuste: se guarda en el llavero del sistema (Archivo › Clave de API…).</translation>
    </message>
</context>
<context>
    <name>SharedStoreAddress</name>
    <message>
        <source>The address contains a password. Remove it from the address and type it in the Password field: PetDesk keeps it in the system keyring, never in its settings.</source>
        <extracomment>libpq&apos;s ``sslmode`` values. An address with a password in it: where the password goes instead.</extracomment>
        <translation>La dirección contiene una contraseña. Quítela de la dirección y escríbala en el campo Contraseña: PetDesk la guarda en el llavero del sistema, nunca en su configuración.</translation>
    </message>
    <message>
        <source>The address is not valid. It looks like postgresql://petdesk@db.example.org:5432/petdesk?sslmode=verify-full.</source>
        <translation>La dirección no es válida. Tiene este aspecto: postgresql://petdesk@db.example.org:5432/petdesk?sslmode=verify-full.</translation>
    </message>
    <message>
        <source>The address must start with postgresql://.</source>
        <translation>La dirección debe empezar por postgresql://.</translation>
    </message>
    <message>
        <source>The address must name the database server after postgresql://.</source>
        <translation>La dirección debe indicar el servidor de base de datos después de postgresql://.</translation>
    </message>
    <message>
        <source>The address must end with the database&apos;s name, as in …:5432/petdesk.</source>
        <translation>La dirección debe terminar con el nombre de la base de datos, como en …:5432/petdesk.</translation>
    </message>
    <message>
        <source>sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full.</source>
        <translation>sslmode debe ser disable, allow, prefer, require, verify-ca o verify-full.</translation>
    </message>
</context>
<context>
    <name>SharedStoreController</name>
    <message>
        <source>Testing the connection…</source>
        <extracomment>How long a desk on its own data waits before trying the shared store again, at first; each failed try doubles it, up to :data:`RETRY_MAX_MS` (a server that does not answer at all holds the worker for the connection&apos;s timeout at each try). Test connection: the sentence saying what it found. The password went to the keyring, or (this sentence) only to memory.</extracomment>
        <translation>Probando la conexión…</translation>
    </message>
    <message>
        <source>Shared store password saved in the system keyring.</source>
        <translation>Contraseña del almacén compartido guardada en el llavero del sistema.</translation>
    </message>
    <message>
        <source>No system keyring works on this computer, so PetDesk keeps the shared store&apos;s password in memory until it closes.</source>
        <translation>Ningún llavero del sistema funciona en este equipo, así que PetDesk guarda la contraseña del almacén compartido en memoria hasta que se cierre.</translation>
    </message>
    <message>
        <source>Saving the password…</source>
        <translation>Guardando la contraseña…</translation>
    </message>
</context>
<context>
    <name>SharedStorePage</name>
    <message>
        <source>Several desks can share one store on a PostgreSQL server: one catalogue and one outbox for all of them. Whoever runs the server gives you its address and a password.</source>
        <extracomment>Test connection: the address and the password typed (empty: the saved one).</extracomment>
        <translation>Varios puestos pueden compartir un almacén en un servidor PostgreSQL: un catálogo y una bandeja de salida para todos. Quien administra el servidor le da su dirección y una contraseña.</translation>
    </message>
    <message>
        <source>Shared store address</source>
        <translation>Dirección del almacén compartido</translation>
    </message>
    <message>
        <source>Shared store password</source>
        <translation>Contraseña del almacén compartido</translation>
    </message>
    <message>
        <source>Empty: keep the saved password</source>
        <translation>Vacío: mantener la contraseña guardada</translation>
    </message>
    <message>
        <source>Test co&amp;nnection</source>
        <translation>Probar co&amp;nexión</translation>
    </message>
    <message>
        <source>&amp;Use the shared store on this computer</source>
        <translation>&amp;Usar el almacén compartido en este equipo</translation>
    </message>
    <message>
        <source>No system keyring works on this computer, so PetDesk keeps the password in memory until it closes.</source>
        <translation>Ningún llavero del sistema funciona en este equipo, así que PetDesk guarda la contraseña en memoria hasta que se cierre.</translation>
    </message>
    <message>
        <source>The password is kept in your system keyring, never in PetDesk&apos;s settings.</source>
        <translation>La contraseña se guarda en el llavero del sistema, nunca en la configuración de PetDesk.</translation>
    </message>
    <message>
        <source>When the shared store cannot be reached, this computer keeps working on its own data: pets you add wait here and move to the shared store once it is back, but files cannot be imported until then.</source>
        <translation>Si no se puede acceder al almacén compartido, este equipo sigue trabajando con sus propios datos: los animales que añada esperan aquí y pasan al almacén compartido en cuanto vuelva, pero no se pueden importar archivos hasta entonces.</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Dirección:</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Contrase&amp;ña:</translation>
    </message>
    <message>
        <source>The demo always uses its sample data on this computer.</source>
        <translation>La demo siempre usa sus datos de ejemplo en este equipo.</translation>
    </message>
    <message>
        <source>Type the shared store&apos;s address, or turn off “Use the shared store”.</source>
        <translation>Escriba la dirección del almacén compartido o desactive «Usar el almacén compartido».</translation>
    </message>
    <message>
        <source>Type the shared store&apos;s address first.</source>
        <translation>Escriba primero la dirección del almacén compartido.</translation>
    </message>
    <message>
        <source>Testing the connection…</source>
        <translation>Probando la conexión…</translation>
    </message>
</context>
<context>
    <name>SharedStoreTest</name>
    <message>
        <source>Connected to {server}: the shared store is ready.</source>
        <extracomment>Signed in; the database has no PetDesk tables yet (set up on first use). The server accepts only encrypted connections; the address says sslmode=disable. The address asks for TLS; the server offers none. The server&apos;s certificate could not be verified (sslmode=verify-ca/verify-full).</extracomment>
        <translation>Conectado a {server}: el almacén compartido está listo.</translation>
    </message>
    <message>
        <source>Connected to {server}. It is not a PetDesk database yet: PetDesk sets it up the first time a desk uses it.</source>
        <translation>Conectado a {server}. Todavía no es una base de datos de PetDesk: PetDesk la prepara la primera vez que un puesto la usa.</translation>
    </message>
    <message>
        <source>{server} answered, but refused the sign-in: check the user name in the address and the password.</source>
        <translation>{server} respondió, pero rechazó el inicio de sesión: compruebe el nombre de usuario de la dirección y la contraseña.</translation>
    </message>
    <message>
        <source>No computer on the network is called {host}. Check the address; if it is right, check that this computer is online.</source>
        <translation>Ningún equipo de la red se llama {host}. Compruebe la dirección; si es correcta, compruebe que este equipo está conectado.</translation>
    </message>
    <message>
        <source>Cannot reach a database server at {server}: it may be stopped, or a firewall is in the way. Check the address and the port.</source>
        <translation>No se puede acceder a un servidor de base de datos en {server}: puede estar detenido o un cortafuegos lo impide. Compruebe la dirección y el puerto.</translation>
    </message>
    <message>
        <source>The database server answered, but it has no database by the name in the address ({server}). Ask whoever runs it to create the database.</source>
        <translation>El servidor de base de datos respondió, pero no tiene ninguna base de datos con el nombre de la dirección ({server}). Pida a quien lo administra que la cree.</translation>
    </message>
    <message>
        <source>The database server accepts only encrypted connections: put sslmode=require (or better, sslmode=verify-full) in the address.</source>
        <translation>El servidor de base de datos solo acepta conexiones cifradas: ponga sslmode=require (o mejor, sslmode=verify-full) en la dirección.</translation>
    </message>
    <message>
        <source>The address asks for an encrypted connection, but the database server at {server} does not offer one. Ask whoever runs it to turn on TLS.</source>
        <translation>La dirección pide una conexión cifrada, pero el servidor de base de datos en {server} no la ofrece. Pida a quien lo administra que active TLS.</translation>
    </message>
    <message>
        <source>The database server&apos;s certificate could not be verified. Install the certificate of the authority that signed it on this computer (see the admin guide), or check the server&apos;s name in the address.</source>
        <translation>No se pudo verificar el certificado del servidor de base de datos. Instale en este equipo el certificado de la autoridad que lo firmó (vea la guía de administración) o compruebe el nombre del servidor en la dirección.</translation>
    </message>
    <message>
        <source>The database server at {server} could not be used. The log says which error it was.</source>
        <translation>No se pudo usar el servidor de base de datos en {server}. El registro indica qué error fue.</translation>
    </message>
</context>
<context>
    <name>SharedStoreWatch</name>
    <message>
        <source>Shared store not reachable — working on this computer&apos;s data</source>
        <translation>Almacén compartido inaccesible — se trabaja con los datos de este equipo</translation>
    </message>
    <message>
        <source>Shared store not reachable</source>
        <translation>Almacén compartido inaccesible</translation>
    </message>
    <message>
        <source>Shared store refused the sign-in — working on this computer&apos;s data</source>
        <translation>El almacén compartido rechazó el inicio de sesión — se trabaja con los datos de este equipo</translation>
    </message>
    <message>
        <source>Shared store refused the sign-in</source>
        <translation>El almacén compartido rechazó el inicio de sesión</translation>
    </message>
    <message>
        <source>Shared store cannot be used — working on this computer&apos;s data</source>
        <translation>Almacén compartido no utilizable — se trabaja con los datos de este equipo</translation>
    </message>
    <message>
        <source>Shared store cannot be used</source>
        <translation>Almacén compartido no utilizable</translation>
    </message>
    <message>
        <source>Moved {count} adds kept on this computer to the shared store.</source>
        <extracomment>Back on the shared store: its outbox and rows are the ones to show now.</extracomment>
        <translation>Se pasaron {count} altas guardadas en este equipo al almacén compartido.</translation>
    </message>
    <message>
        <source>The shared store is back.</source>
        <translation>El almacén compartido vuelve a estar disponible.</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menú</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Orden</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
</context>
<context>
    <name>StoreTrouble</name>
    <message>
        <source>PetDesk cannot reach the shared store at this address. Check the address and that the database server is running and reachable from this computer.</source>
        <translation>PetDesk no puede acceder al almacén compartido en esta dirección. Compruebe la dirección y que el servidor de base de datos esté en marcha y sea accesible desde este equipo.</translation>
    </message>
    <message>
        <source>The shared store refused PetDesk&apos;s sign-in. Check the user name in the address and the password.</source>
        <translation>El almacén compartido rechazó el inicio de sesión de PetDesk. Compruebe el nombre de usuario de la dirección y la contraseña.</translation>
    </message>
    <message>
        <source>The shared store&apos;s database does not let this user set up or change PetDesk&apos;s tables. Ask whoever runs the database server to give the user those rights.</source>
        <translation>La base de datos del almacén compartido no permite a este usuario crear ni modificar las tablas de PetDesk. Pida a quien administra el servidor de base de datos que le dé esos permisos.</translation>
    </message>
    <message>
        <source>The shared store was set up by a newer PetDesk. Update PetDesk on this computer to use it.</source>
        <translation>El almacén compartido lo preparó una versión más reciente de PetDesk. Actualice PetDesk en este equipo para usarlo.</translation>
    </message>
    <message>
        <source>The shared store&apos;s address contains a password. Remove it from the address: PetDesk keeps the password in this computer&apos;s keyring.</source>
        <translation>La dirección del almacén compartido contiene una contraseña. Quítela de la dirección: PetDesk guarda la contraseña en el llavero de este equipo.</translation>
    </message>
</context>
<context>
    <name>StoreWording</name>
    <message>
        <source>Offline — showing pets as of {shown}</source>
        <translation>Sin conexión — animales a las {shown}</translation>
    </message>
    <message>
        <source>As of {shown} — refreshing…</source>
        <translation>A las {shown} — actualizando…</translation>
    </message>
    <message>
        <source>The service can be reached again.</source>
        <extracomment>Said once when the service answers again after being unreachable.</extracomment>
        <translation>El servicio vuelve a estar disponible.</translation>
    </message>
    <message>
        <source>PetDesk checks by itself when the service is back. Adds wait in the outbox and are sent then.</source>
        <extracomment>Details of the offline message.</extracomment>
        <translation>PetDesk comprueba por sí solo cuándo vuelve el servicio. Los animales por añadir esperan en la bandeja de salida y se envían entonces.</translation>
    </message>
    <message>
        <source>Adds PetDesk keeps and sends by itself when the service can take them.</source>
        <extracomment>Details of the outbox&apos;s count.</extracomment>
        <translation>Animales que PetDesk guarda y envía por sí solo cuando el servicio puede aceptarlos.</translation>
    </message>
    <message>
        <source>Offline — the service cannot be reached</source>
        <translation>Sin conexión — no se puede contactar con el servicio</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Sin conexión</translation>
    </message>
    <message>
        <source>Offline · pets as of {shown}</source>
        <translation>Sin conexión · {shown}</translation>
    </message>
    <message>
        <source>Stored copy from {shown} — the service could not be asked.</source>
        <translation>Copia guardada de las {shown} — no se pudo consultar el servicio.</translation>
    </message>
    <message>
        <source>Waiting to send</source>
        <translation>Pendiente de envío</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Enviando…</translation>
    </message>
    <message>
        <source>Checking whether it was added…</source>
        <translation>Comprobando si se añadió…</translation>
    </message>
    <message>
        <source>Needs your decision</source>
        <translation>Necesita su decisión</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <source>Added (ID {pet_id})</source>
        <translation>Añadido (ID {pet_id})</translation>
    </message>
    <message>
        <source>Not accepted: {reason}</source>
        <translation>No aceptado: {reason}</translation>
    </message>
    <message>
        <source>Not accepted</source>
        <translation>No aceptado</translation>
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
        <translation>PetDesk envió «{name}», pero la respuesta se perdió. El servicio tiene ahora 1 animal que coincide ({ids}). ¿Es este animal? Si no lo es, PetDesk lo envía de nuevo.</translation>
    </message>
    <message>
        <source>PetDesk sent “{name}” but the answer was lost. The service now has {count} matching pets ({ids}). Is one of them this animal? If none is, PetDesk sends it again.</source>
        <translation>PetDesk envió «{name}», pero la respuesta se perdió. El servicio tiene ahora {count} animales que coinciden ({ids}). ¿Es alguno de ellos este animal? Si ninguno lo es, PetDesk lo envía de nuevo.</translation>
    </message>
    <message>
        <source>1 add waiting to send</source>
        <translation>1 alta pendiente de envío</translation>
    </message>
    <message>
        <source>{count} adds waiting to send</source>
        <translation>{count} altas pendientes de envío</translation>
    </message>
    <message>
        <source>{count} waiting</source>
        <translation>Por enviar: {count}</translation>
    </message>
</context>
<context>
    <name>WindowDialogs</name>
    <message>
        <source>About PetDesk</source>
        <extracomment>The Settings dialog was accepted (the catalogue&apos;s schedule may have changed). The category names the add form offers.</extracomment>
        <translation>Acerca de PetDesk</translation>
    </message>
    <message>
        <source>&lt;h3&gt;PetDesk {version}&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;PetDesk {version}&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>A desktop client for the Pet Store service.&lt;br&gt;Pet Store API version {api_version}.&lt;br&gt;&lt;br&gt;Environment: {label}&lt;br&gt;Address: {address}</source>
        <translation>Un programa de escritorio para el servicio Pet Store.&lt;br&gt;Versión de la API de Pet Store: {api_version}.&lt;br&gt;&lt;br&gt;Entorno: {label}&lt;br&gt;Dirección: {address}</translation>
    </message>
    <message>
        <source>Free software under the MIT licence. The licence and the notices of the libraries PetDesk uses (Qt for Python and Qt under the LGPL-3.0 among them) are in the details.</source>
        <translation>Software libre bajo la licencia MIT. La licencia y los avisos de las bibliotecas que usa PetDesk (entre ellas Qt for Python y Qt bajo la LGPL-3.0) están en los detalles.</translation>
    </message>
</context>
<context>
    <name>WorkFeedback</name>
    <message>
        <source>Stopped.</source>
        <translation>Detenido.</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
</context>
</TS>
