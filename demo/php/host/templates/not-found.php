<h1>Not found</h1>
<p>This PHP host serves <a href="/dashboard">the dashboard</a>, client job views, engineer jobs and the password page.</p>
